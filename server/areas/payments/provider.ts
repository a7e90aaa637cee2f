import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import * as v from 'valibot'
import { HttpError } from '../../http/errors.ts'
import { CARD_TEXTS, type CardChargeResult, type CardGateway } from './card.ts'
import { brCodeChecks, type PixGateway, type PixPayee } from './pix.ts'

/**
 * The real payment provider's adapter (D13), chosen by PAYMENT_PROVIDER_URL: a REST
 * API shaped like the Brazilian acquirers' and PSPs' (amounts in cents, the ABECS return
 * codes, an idempotency key per charge, Pix charges registered by our txid as the central
 * bank's Pix API does, confirmations by a signed webhook). Tested against its stand-in,
 * server/test/stand-ins/payment-provider.ts.
 *
 * - `POST /v1/charges`, `Idempotency-Key: <txid>`: `{reference, amount, installments,
 *   capture, card: {holder_name, number, exp_month, exp_year, cvv}}` → 201 (200 when the key
 *   was seen: the same charge, not a second one) `{id, reference, status: approved |
 *   declined, authorization_code, return_code}`.
 * - `POST /v1/charges/{reference}/void`: undoes a charge whose answer was lost (404: none).
 * - `PUT /v1/pix/charges/{txid}`: `{amount, expires_in, key, description}` → 201/200
 *   `{txid, status, copia_e_cola, expires_at}`; the same txid answers the same charge.
 * - Its webhook: `POST` to us, `{pix: [{endToEndId, txid, valor, horario}]}` signed in
 *   `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 *
 * The card goes in the charge's body and nowhere else: no error here quotes a request or an
 * answer, only its kind and HTTP status.
 */

export interface PaymentProviderSettings {
  /** Base URL, no trailing slash. */
  url: string
  /** Bearer token of the school's account at the provider. Secret. */
  token: string
  /** Shared secret of the webhook's HMAC signature. Secret. */
  webhookSecret: string
  /** Longest wait for one answer. */
  timeoutMs: number
}

/** Why a call to the provider failed; the drive logs only the name. */
export class ProviderError extends Error {
  override readonly name: 'ProviderTimeout' | 'ProviderUnreachable' | 'ProviderFailed' | 'ProviderRefused' | 'ProviderAnswerInvalid'
  constructor(name: ProviderError['name'], message: string) {
    super(message)
    this.name = name
  }
}

/**
 * The ABECS return codes acquirers answer a decline with, in the student's words. Fraud
 * suspicion, lost or stolen cards get the generic refusal: the reason is the bank's to tell.
 */
export const RETURN_CODE_TEXTS: Readonly<Record<string, string>> = {
  '05': CARD_TEXTS.declined,
  '51': CARD_TEXTS.insufficientFunds,
  '54': CARD_TEXTS.expired,
  '14': CARD_TEXTS.invalidNumber,
  N7: CARD_TEXTS.invalidCvv,
  '82': CARD_TEXTS.invalidCvv,
  '57': 'Transação não permitida para este cartão.',
  '61': 'Valor acima do limite permitido para este cartão.',
  '78': 'Cartão bloqueado. Fale com o banco emissor.',
  '91': 'O banco emissor não respondeu. Tente novamente em instantes.',
  '96': 'O banco emissor não respondeu. Tente novamente em instantes.',
}

/** The reason shown for a decline: its code's text, else the generic refusal. */
export function declineReason(returnCode: string | null | undefined): string {
  return (returnCode && Object.hasOwn(RETURN_CODE_TEXTS, returnCode) ? RETURN_CODE_TEXTS[returnCode] : undefined) ?? CARD_TEXTS.declined
}

const ChargeAnswer = v.variant('status', [
  v.object({
    status: v.literal('approved'),
    reference: v.string(),
    authorization_code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,12}$/)),
  }),
  v.object({ status: v.literal('declined'), reference: v.string(), return_code: v.nullish(v.string()) }),
])

const PixAnswer = v.object({ txid: v.string(), copia_e_cola: v.pipe(v.string(), v.check(brCodeChecks)) })

/** Calls one endpoint once: the status and JSON of a 2xx or 4xx; a timeout, no answer or a 5xx throws. */
async function call(settings: PaymentProviderSettings, method: 'POST' | 'PUT', path: string, body: unknown, idempotencyKey?: string) {
  let response: Response
  try {
    response = await fetch(`${settings.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw timedOut
      ? new ProviderError('ProviderTimeout', `no answer from ${path} in ${settings.timeoutMs} ms`)
      : new ProviderError('ProviderUnreachable', `cannot reach ${path}`)
  }
  let json: unknown
  try {
    json = await response.json()
  } catch {
    // The answer's body was cut or is not JSON: for a charge, as good as lost.
    json = undefined
  }
  if (response.status >= 500 || (response.ok && json === undefined)) {
    throw new ProviderError('ProviderFailed', `${path} answered ${response.status}`)
  }
  return { status: response.status, json }
}

/**
 * `call`, and once more with the same idempotency key when the answer was lost (a timeout,
 * a dropped connection, a 5xx): the provider answers the first charge instead of making a
 * second one.
 */
async function callTwice(...args: Parameters<typeof call>) {
  try {
    return await call(...args)
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    return call(...args)
  }
}

/** The provider's card gateway: one charge per attempt, keyed by the attempt's reference. */
export function providerCardGateway(settings: PaymentProviderSettings, log: FastifyBaseLogger): CardGateway {
  return {
    async charge(input): Promise<CardChargeResult> {
      const body = {
        reference: input.reference,
        amount: input.amountCents,
        installments: input.installments,
        capture: true,
        card: {
          holder_name: input.holder,
          number: input.number,
          exp_month: input.expiryMonth,
          exp_year: input.expiryYear,
          cvv: input.cvv,
        },
      }
      try {
        const { status, json } = await callTwice(settings, 'POST', '/v1/charges', body, input.reference)
        if (status !== 200 && status !== 201) throw new ProviderError('ProviderRefused', `charge answered ${status}`)
        const answer = v.safeParse(ChargeAnswer, json)
        if (!answer.success || answer.output.reference !== input.reference) {
          throw new ProviderError('ProviderAnswerInvalid', 'charge answer not understood')
        }
        return answer.output.status === 'approved'
          ? { approved: true, authorization: answer.output.authorization_code }
          : { approved: false, reason: declineReason(answer.output.return_code) }
      } catch (error) {
        // Whether the card was charged is unknown: undo it, so that "tente de novo" cannot
        // charge twice. If the void is lost as well, the reference logged here is what the
        // school looks up in the provider's dashboard (a txid, no card in it).
        const voided = await call(settings, 'POST', `/v1/charges/${input.reference}/void`, {}).then(
          ({ status }) => (status === 200 ? 'voided' : status === 404 ? 'nothing-charged' : `void-answered-${status}`),
          () => 'void-failed',
        )
        const kind = error instanceof Error ? error.name : typeof error
        const level = voided === 'void-failed' || voided.startsWith('void-answered') ? 'error' : 'warn'
        log[level]({ reference: input.reference, providerError: kind, void: voided }, 'card charge outcome unknown: voided at the provider')
        throw error
      }
    },
  }
}

/** Pix through the provider: the charge registered under our txid, its BR Code the provider's. */
export function providerPixGateway(settings: PaymentProviderSettings, payee: PixPayee): PixGateway {
  return {
    kind: 'provider',
    async createCharge(input) {
      const expiresIn = Math.max(1, Math.round((input.expiresAt.getTime() - Date.now()) / 1000))
      const body = { amount: input.amountCents, expires_in: expiresIn, key: payee.key, description: input.description }
      const { status, json } = await callTwice(settings, 'PUT', `/v1/pix/charges/${input.txid}`, body)
      if (status !== 200 && status !== 201) throw new ProviderError('ProviderRefused', `pix charge answered ${status}`)
      const answer = v.safeParse(PixAnswer, json)
      if (!answer.success || answer.output.txid !== input.txid)
        throw new ProviderError('ProviderAnswerInvalid', 'pix answer not understood')
      return answer.output.copia_e_cola
    },
  }
}

/** The provider could not make a Pix charge: nothing was recorded, the student may ask again. */
export const PIX_PROVIDER_UNAVAILABLE = 'Não foi possível gerar o código Pix agora. Tente novamente em instantes.'

/**
 * For a failed Pix charge's promise: a provider's failure becomes 502 with a text to try
 * again, logged by its kind (the target named by `logged`); anything else goes on.
 */
export function pixProviderFailed(log: FastifyBaseLogger, logged: Record<string, number>) {
  return (error: unknown): never => {
    if (!(error instanceof ProviderError)) throw error
    log.error({ providerError: error.name, ...logged }, 'pix provider failed')
    throw new HttpError(502, PIX_PROVIDER_UNAVAILABLE)
  }
}

/** The webhook's signature header (lower case, as Node reads it). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature'

/** How old (or how far ahead) a signed delivery may be: a replay later than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** `t=…,v1=…`: the time signed and one or more signatures (several while a secret is rotated). */
function parseSignature(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures }
}

/** Whether `raw` (the body's bytes as received) was signed with `secret` within the tolerance of `now`. */
export function webhookSignatureValid(secret: string, header: string | undefined, raw: Buffer | undefined, now: Date): boolean {
  if (!header || !raw || header.length > 1000) return false
  const parsed = parseSignature(header)
  if (!parsed || Math.abs(now.getTime() / 1000 - parsed.timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(raw).digest()
  return parsed.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected))
}
