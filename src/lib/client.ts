import * as v from 'valibot'
import { answersFile, fillPath, type Endpoint, type EndpointInput, type EndpointResponse } from '../contract/define.ts'
import { takeEarlyAnswer } from '../contract/early-answers.ts'
import { ErrorBody } from '../contract/schemas/common.ts'
import { uploadRefusedMessage } from '../contract/uploads.ts'

/** The server answered with an error status; `message` is the text to show (SPEC §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly detail: unknown
  /**
   * A server failure's (5xx) request id, from its `X-Request-Id` or its body's `request_id`:
   * the error states show it as "Código do erro" so the student can quote it (issue 39).
   */
  readonly requestId: string | null
  constructor(status: number, message: string, detail: unknown, requestId: string | null = null) {
    super(message)
    this.status = status
    this.detail = detail
    this.requestId = requestId
  }
}

/** The id of a request the server failed (5xx), as it said it; null otherwise. */
function failedRequestId(response: Response, payload: unknown): string | null {
  if (response.status < 500) return null
  const fromBody = typeof payload === 'object' && payload !== null ? (payload as { request_id?: unknown }).request_id : undefined
  const id = response.headers.get('X-Request-Id') ?? (typeof fromBody === 'string' ? fromBody : null)
  // Only a short, plain id is shown (a proxy's own 502 page carries none of ours).
  return id !== null && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : null
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
  /** SPEC §4: a 401 on any call forces logout; told the answer's body (an ended session says so). */
  onUnauthorized?: (body: unknown) => void
  /** SPEC §4: a 405 sends the browser to /main/dashboard. */
  onMethodNotAllowed?: () => void
  /**
   * Told after every call whether the server answered (any HTTP answer but a gateway's
   * 502/503/504) or could not be reached, so the app can clear a "server down" warning
   * the moment it answers again.
   */
  onReachability?: (reachable: boolean) => void
  fetch?: typeof fetch
  /** UTC offset in hours for the `tmz` header (D21); Brazil answers -3. */
  timezoneOffsetHours?: () => number
  /** Default limit of one call without an answer; a call may set its own (uploads need longer). */
  timeoutMs?: number
}

/**
 * Lie-fi (the server accepts the connection and never answers) must end in a NetworkError,
 * not a screen that waits forever; the screens show the device's copy long before this.
 */
export const DEFAULT_TIMEOUT_MS = 15_000

/** Statuses a proxy or load balancer answers when the server behind it is down. */
const GATEWAY_DOWN = new Set([502, 503, 504])

export function browserTimezoneOffsetHours(date = new Date()): number {
  // getTimezoneOffset is minutes *behind* UTC (Brazil: 180), tmz is hours from UTC (-3).
  return -date.getTimezoneOffset() / 60
}

/** Picks the text SPEC §8 says to show for a failed call. */
export function errorMessageFor(endpoint: Endpoint, status: number, body: unknown): string {
  const fixed = endpoint.errors.byStatus?.[status]
  if (fixed) return fixed
  const detail = endpoint.errors.useDetail ? detailText(body) : null
  if (detail) return detail
  // A refused file says why even without the server's words (a proxy's 413, useDetail off).
  if (endpoint.multipart && (status === 413 || status === 415)) return uploadRefusedMessage(endpoint.multipart, status)
  return endpoint.errors.fallback
}

function detailText(body: unknown): string | null {
  const parsed = v.safeParse(ErrorBody, body)
  if (!parsed.success) return null
  const { detail } = parsed.output
  if (typeof detail === 'string' && detail.trim()) return detail
  if (typeof detail === 'object' && !Array.isArray(detail) && detail.message) return detail.message
  return null
}

/** The text value of a form or multipart field: objects travel as JSON (a multipart `…_in` field, D28). */
function fieldText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function encodeBody(endpoint: Endpoint, body: unknown, files: Record<string, Blob | readonly Blob[] | undefined> | undefined) {
  switch (endpoint.bodyEncoding ?? 'json') {
    case 'form': {
      if (body === undefined) return undefined
      const form = new URLSearchParams()
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.set(key, fieldText(value))
      }
      return form
    }
    case 'multipart': {
      // Text fields first: the server reads the parts in order. The browser writes
      // the boundary into the Content-Type itself.
      const form = new FormData()
      for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.append(key, fieldText(value))
      }
      for (const [key, value] of Object.entries(files ?? {})) {
        for (const file of value === undefined ? [] : value instanceof Blob ? [value] : value) form.append(key, file)
      }
      return form
    }
    case 'json':
      return body === undefined ? undefined : JSON.stringify(body)
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

/** `promise`, or the signal's reason once it aborts (an early answer is not the caller's own fetch). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
    promise.then(resolve, reject)
  })
}

interface CallOptions {
  signal?: AbortSignal
  /** This call's limit without an answer, instead of the client's default. */
  timeoutMs?: number
  /** Told the upload's progress (0–1): the call goes over XMLHttpRequest where there is one (./xhr-fetch.ts). */
  onUploadProgress?: (fraction: number) => void
  /**
   * This call's own bearer token instead of the signed-in one (a queued logout of a session
   * already wiped from the device): its 401 is about that token, so it logs nobody out.
   */
  token?: string
}
type CallInput<E extends Endpoint> = EndpointInput<E> & CallOptions
/** The input is optional only for endpoints that declare no params, query or body. */
type CallArgs<E extends Endpoint> = object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
type ConditionalArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [etag: string | null | undefined, input?: CallInput<E>]
    : [etag: string | null | undefined, input: CallInput<E>]

/** A conditional GET: the entity as stored is still current (304), or a new version with its ETag. */
export type ConditionalResult<T> = { notModified: true } | { notModified: false; data: T; etag: string | null }

interface RawInput extends CallOptions {
  /** Headers the endpoint declares (e.g. Idempotency-Key). */
  headers?: Record<string, string | undefined>
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  /** A multipart endpoint's files by part name. */
  files?: Record<string, Blob | readonly Blob[] | undefined>
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const tmz = options.timezoneOffsetHours ?? (() => browserTimezoneOffsetHours())

  async function send(endpoint: Endpoint, input: RawInput, etag?: string | null): Promise<{ response: Response; payload: unknown }> {
    const { params, query, body, files, headers: declaredHeaders, signal, onUploadProgress } = input
    const base = endpoint.service === 'drive' ? options.driveBaseUrl() : options.portalBaseUrl
    const url = `${base.replace(/\/$/, '')}${fillPath(endpoint.path, params)}${queryString(query)}`
    const headers = new Headers({ Accept: 'application/json', tmz: String(tmz()) })
    for (const [name, value] of Object.entries(declaredHeaders ?? {})) if (value !== undefined) headers.set(name, value)
    if (endpoint.access !== 'public') {
      const token = input.token ?? options.getToken()
      if (token) headers.set('Authorization', `Bearer ${token}`)
    }
    if (body !== undefined && (endpoint.bodyEncoding ?? 'json') === 'json') headers.set('Content-Type', 'application/json')
    if (etag) headers.set('If-None-Match', etag)

    // Like AbortSignal.timeout, but its timer is cleared once the answer is read.
    const limit = new AbortController()
    const timer = setTimeout(
      () => limit.abort(new DOMException('Sem resposta do servidor', 'TimeoutError')),
      input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    )
    let response: Response
    let text = ''
    let file: Blob | null = null
    try {
      // Only a call that shows its progress loads the XHR transport (a chunk of its own).
      const transport =
        onUploadProgress && typeof XMLHttpRequest === 'function' ? (await import('./xhr-fetch.ts')).xhrFetch(onUploadProgress) : doFetch
      const stop = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal
      // A sync's first request may have left with the shell, before this code (issue 37).
      const early = etag === undefined ? null : takeEarlyAnswer(url, headers.get('Authorization'), etag)
      response = await (early
        ? untilAborted(early, stop)
        : transport(url, {
            method: endpoint.method,
            headers,
            body: encodeBody(endpoint, body, files),
            signal: stop,
            // The conditional sync keeps its own ETag (in Dexie); the HTTP cache must not answer for the server.
            ...(etag === undefined ? {} : { cache: 'no-store' as const }),
          }))
      // The body can hang as long as the headers (lie-fi): it is under the same limit.
      // A download's bytes are the answer (a Blob); its errors are JSON like any other.
      if (response.ok && answersFile(endpoint)) file = await response.blob()
      else text = await response.text()
    } catch (error) {
      if (signal?.aborted) throw error
      options.onReachability?.(false)
      throw new NetworkError(error)
    } finally {
      clearTimeout(timer)
    }
    options.onReachability?.(!GATEWAY_DOWN.has(response.status))
    if (file) return { response, payload: file }

    let payload: unknown = undefined
    if (text) {
      try {
        payload = JSON.parse(text)
      } catch {
        payload = text
      }
    }

    if (!response.ok && response.status !== 304) {
      if (response.status === 401 && endpoint.access !== 'public' && input.token === undefined) options.onUnauthorized?.(payload)
      if (response.status === 405) options.onMethodNotAllowed?.()
      throw new ApiError(response.status, errorMessageFor(endpoint, response.status, payload), payload, failedRequestId(response, payload))
    }
    return { response, payload }
  }

  function parse<E extends Endpoint>(endpoint: E, payload: unknown): EndpointResponse<E> {
    const parsed = v.safeParse(endpoint.response, payload)
    if (!parsed.success) throw new ContractError(endpoint.path, v.flatten(parsed.issues))
    return parsed.output as EndpointResponse<E>
  }

  async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResponse<E>> {
    const { payload } = await send(endpoint, (args[0] ?? {}) as RawInput)
    return parse(endpoint, payload)
  }

  /**
   * GET with `If-None-Match` (issue 7): an unchanged entity costs a 304 and no body. Without
   * an ETag it is a plain GET that reports the answer's ETag, if the server sent one.
   */
  async function callConditional<E extends Endpoint>(
    endpoint: E,
    ...args: ConditionalArgs<E>
  ): Promise<ConditionalResult<EndpointResponse<E>>> {
    const [etag, input] = args
    const { response, payload } = await send(endpoint, (input ?? {}) as RawInput, etag ?? null)
    if (response.status === 304) return { notModified: true }
    return { notModified: false, data: parse(endpoint, payload), etag: response.headers.get('ETag') }
  }

  return { call, callConditional }
}
