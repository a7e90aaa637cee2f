import * as v from 'valibot'
import { api } from './api.ts'
import { refreshRuntimeConfig, runtimeConfig } from './runtime-config.ts'
import type { CepLookupResult } from '../machines/registration-update.ts'

/**
 * The postal-code lookup (D18): the browser asks the ViaCEP-compatible service at the
 * configured URL (`cep_service_url` of GET /config/, D22; the CSP allows exactly that
 * origin) directly, with a plain fetch: never the `tmz` header (SPEC §3), no credentials.
 * It only helps to fill the form, so every failure is an answer the form can show, never
 * an exception that blocks the fields.
 */

/** A slow service gives up after this; the fields were editable all along. */
export const CEP_LOOKUP_TIMEOUT_MS = 10_000

/** What ViaCEP answers: the address, or `{"erro": true}` (older versions: `"true"`) for an unknown CEP. */
const ViaCepAnswer = v.union([
  v.object({ erro: v.union([v.literal(true), v.literal('true')]) }),
  v.object({
    logradouro: v.optional(v.string(), ''),
    bairro: v.optional(v.string(), ''),
    localidade: v.string(),
    uf: v.string(),
  }),
])

export function cepLookupUrl(baseUrl: string, cep: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/ws/${cep}/json/`
}

export interface CepLookupOptions {
  baseUrl: string
  /** The caller no longer needs the answer (the CEP changed): the request is dropped. */
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
}

export async function lookupCep(cep: string, options: CepLookupOptions): Promise<CepLookupResult> {
  if (!/^\d{8}$/.test(cep)) return { status: 'notFound' }
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeout = AbortSignal.timeout(options.timeoutMs ?? CEP_LOOKUP_TIMEOUT_MS)
  let response: Response
  let payload: unknown
  try {
    response = await doFetch(cepLookupUrl(options.baseUrl, cep), {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    })
    // ViaCEP answers 400 for a code it cannot read: to the student, an unknown CEP.
    if (response.status === 400 || response.status === 404) return { status: 'notFound' }
    if (!response.ok) return { status: 'unavailable' }
    payload = await response.json()
  } catch (error) {
    if (options.signal?.aborted) throw error
    return { status: 'unavailable' }
  }
  const parsed = v.safeParse(ViaCepAnswer, payload)
  if (!parsed.success) return { status: 'unavailable' }
  if ('erro' in parsed.output) return { status: 'notFound' }
  const { logradouro, bairro, localidade, uf } = parsed.output
  return { status: 'found', street: logradouro.trim(), district: bairro.trim(), city: localidade.trim(), state: uf.trim() }
}

/** The configured service: known from the last start, or asked for now (a first visit). */
export async function cepServiceUrl(): Promise<string | null> {
  return (runtimeConfig() ?? (await refreshRuntimeConfig(api)))?.cep_service_url ?? null
}
