import * as v from 'valibot'
import { fillPath, type Endpoint, type EndpointInput, type EndpointResponse } from './define.ts'
import { ErrorBody } from './schemas/common.ts'

/** The server answered with an error status; `message` is the text to show (SPEC §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly detail: unknown
  constructor(status: number, message: string, detail: unknown) {
    super(message)
    this.status = status
    this.detail = detail
  }
}

/** The server could not be reached (offline, DNS, refused, timeout). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(cause?: unknown) {
    super('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.', { cause })
  }
}

/** The server answered 2xx with a body the contract does not allow. */
export class ContractError extends Error {
  override readonly name = 'ContractError'
  constructor(path: string, issues: unknown) {
    super('Resposta inesperada do servidor. Tente novamente mais tarde.', { cause: { path, issues } })
  }
}

export interface ApiClientOptions {
  /** Portal base URL, e.g. `/api/v1`. */
  portalBaseUrl: string
  /** Drive base URL; read at call time because it arrives with the run-time config (D22). */
  driveBaseUrl: () => string
  getToken: () => string | null
  /** SPEC §4: a 401 on any call forces logout. */
  onUnauthorized?: () => void
  /** SPEC §4: a 405 sends the browser to /main/dashboard. */
  onMethodNotAllowed?: () => void
  fetch?: typeof fetch
  /** UTC offset in hours for the `tmz` header (D21); Brazil answers -3. */
  timezoneOffsetHours?: () => number
  timeoutMs?: number
}

export function browserTimezoneOffsetHours(date = new Date()): number {
  // getTimezoneOffset is minutes *behind* UTC (Brazil: 180), tmz is hours from UTC (-3).
  return -date.getTimezoneOffset() / 60
}

/** Picks the text SPEC §8 says to show for a failed call. */
export function errorMessageFor(endpoint: Endpoint, status: number, body: unknown): string {
  const fixed = endpoint.errors.byStatus?.[status]
  if (fixed) return fixed
  if (endpoint.errors.useDetail) {
    const parsed = v.safeParse(ErrorBody, body)
    if (parsed.success) {
      const { detail } = parsed.output
      if (typeof detail === 'string' && detail.trim()) return detail
      if (typeof detail === 'object' && !Array.isArray(detail) && detail.message) return detail.message
    }
  }
  return endpoint.errors.fallback
}

function encodeBody(endpoint: Endpoint, body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined
  switch (endpoint.bodyEncoding ?? 'json') {
    case 'form': {
      const form = new URLSearchParams()
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.set(key, String(value))
      }
      return form
    }
    case 'multipart':
      return body as FormData
    case 'json':
      return JSON.stringify(body)
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export type ApiClient = ReturnType<typeof createApiClient>

type CallInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal }
/** The input is optional only for endpoints that declare no params, query or body. */
type CallArgs<E extends Endpoint> = object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const tmz = options.timezoneOffsetHours ?? (() => browserTimezoneOffsetHours())

  async function call<E extends Endpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const { params, query, body, headers: declaredHeaders, signal } = (args[0] ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string | undefined>; signal?: AbortSignal }
    const base = endpoint.service === 'drive' ? options.driveBaseUrl() : options.portalBaseUrl
    const url = `${base.replace(/\/$/, '')}${fillPath(endpoint.path, params)}${queryString(query)}`
    const headers = new Headers({ Accept: 'application/json', tmz: String(tmz()) })
    for (const [name, value] of Object.entries(declaredHeaders ?? {})) if (value !== undefined) headers.set(name, value)
    if (endpoint.access !== 'public') {
      const token = options.getToken()
      if (token) headers.set('Authorization', `Bearer ${token}`)
    }
    if (body !== undefined && (endpoint.bodyEncoding ?? 'json') === 'json') headers.set('Content-Type', 'application/json')

    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000)
    let response: Response
    try {
      response = await doFetch(url, {
        method: endpoint.method,
        headers,
        body: encodeBody(endpoint, body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new NetworkError(error)
    }

    const text = await response.text()
    let payload: unknown = undefined
    if (text) {
      try {
        payload = JSON.parse(text)
      } catch {
        payload = text
      }
    }

    if (!response.ok) {
      if (response.status === 401 && endpoint.access !== 'public') options.onUnauthorized?.()
      if (response.status === 405) options.onMethodNotAllowed?.()
      throw new ApiError(response.status, errorMessageFor(endpoint, response.status, payload), payload)
    }

    const parsed = v.safeParse(endpoint.response, payload)
    if (!parsed.success) throw new ContractError(endpoint.path, v.flatten(parsed.issues))
    return parsed.output as EndpointResponse<E>
  }

  return { call }
}
