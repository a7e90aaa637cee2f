import * as v from 'valibot'
import { api } from '../../lib/api.ts'
import { ApiError, NetworkError } from '../../lib/client.ts'
import { clubEndpoints } from '../../contract/endpoints/club.ts'
import { IndicacaoBody, type IndicacaoResult } from '../../contract/schemas/club.ts'
import { ErrorBody } from '../../contract/schemas/common.ts'

/**
 * The friend's referral form (issue 13, D25): what the page checks on the
 * device with the contract's own schema (SPEC §5's texts, the same the server answers with
 * 422), what it sends, how a refusal is shown, and the draft kept while it cannot be sent.
 */

export const REFERRAL_FIELDS = ['nome', 'telefone', 'email', 'consentimento'] as const
export type ReferralField = (typeof REFERRAL_FIELDS)[number]

export interface ReferralValues {
  nome: string
  /** As typed, with the phone mask. */
  telefone: string
  email: string
  consentimento: boolean
}

export type ReferralErrors = Partial<Record<ReferralField, string>>

export const EMPTY_REFERRAL: ReferralValues = { nome: '', telefone: '', email: '', consentimento: false }

const isReferralField = (key: unknown): key is ReferralField => (REFERRAL_FIELDS as readonly unknown[]).includes(key)

/** Whether the code of the link could be a referral code at all (the schema's own rule). */
export function isPlausibleCode(codigo: string): boolean {
  return v.safeParse(IndicacaoBody.entries.codigo, codigo).success
}

/** The body the server takes, or each field's first SPEC §5 message. */
export function checkReferral(
  values: ReferralValues,
  codigo: string,
): { body: v.InferOutput<typeof IndicacaoBody>; errors: null } | { body: null; errors: ReferralErrors } {
  const parsed = v.safeParse(IndicacaoBody, { ...values, codigo })
  if (parsed.success) return { body: parsed.output, errors: null }
  const errors: ReferralErrors = {}
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key
    if (isReferralField(key)) errors[key] ??= issue.message
  }
  return { body: null, errors }
}

/** Sends the form (public: no token). */
export function sendReferral(body: v.InferOutput<typeof IndicacaoBody>): Promise<IndicacaoResult> {
  return api.call(clubEndpoints.referral, { body })
}

/** What the page shows for a refused or failed send. */
export type ReferralFailure =
  /** 422 on the fields: each message under its field. */
  | { kind: 'fields'; errors: ReferralErrors }
  /** 422 on the code: the link itself is wrong, nothing in the form can fix it. */
  | { kind: 'invalidLink' }
  /** 429: the server's words, with when to try again. */
  | { kind: 'tooMany'; message: string }
  /** No answer: the draft stays on the device. */
  | { kind: 'unreachable'; message: string }
  | { kind: 'error'; message: string }

export function referralFailure(error: unknown): ReferralFailure {
  if (error instanceof NetworkError) return { kind: 'unreachable', message: error.message }
  if (!(error instanceof ApiError)) return { kind: 'error', message: 'Erro ao enviar a indicação' }
  if (error.status === 429) return { kind: 'tooMany', message: error.message }
  // A 422 body is FastAPI's (D2): `{detail: [{loc: ['body', field], msg}]}`.
  const body = v.safeParse(ErrorBody, error.detail)
  const issues = error.status === 422 && body.success && Array.isArray(body.output.detail) ? body.output.detail : []
  if (issues.some((issue) => issue.loc[1] === 'codigo')) return { kind: 'invalidLink' }
  const errors: ReferralErrors = {}
  for (const { loc, msg } of issues) if (isReferralField(loc[1])) errors[loc[1]] ??= msg
  return Object.keys(errors).length > 0 ? { kind: 'fields', errors } : { kind: 'error', message: error.message }
}

/**
 * The draft: what the friend typed, kept in this tab's session storage until the server
 * took it, so a reload (offline too, the service worker serves the page) or a failed send
 * loses nothing, and nothing stays on a shared device once the tab is closed. The consent
 * is not kept: it is given when the form is sent.
 */
const DRAFT_KEY = 'portal-indicacao-draft'

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

export function readReferralDraft(): ReferralValues {
  try {
    const stored = JSON.parse(session()?.getItem(DRAFT_KEY) ?? 'null') as Partial<Record<string, unknown>> | null
    if (!stored || typeof stored !== 'object') return EMPTY_REFERRAL
    const text = (key: 'nome' | 'telefone' | 'email') => (typeof stored[key] === 'string' ? stored[key] : '')
    return { nome: text('nome'), telefone: text('telefone'), email: text('email'), consentimento: false }
  } catch {
    return EMPTY_REFERRAL
  }
}

export function writeReferralDraft({ nome, telefone, email }: ReferralValues): void {
  try {
    if (!nome && !telefone && !email) session()?.removeItem(DRAFT_KEY)
    else session()?.setItem(DRAFT_KEY, JSON.stringify({ nome, telefone, email }))
  } catch {
    // Full or refused storage: the draft lives only as long as the page.
  }
}

export function clearReferralDraft(): void {
  session()?.removeItem(DRAFT_KEY)
}
