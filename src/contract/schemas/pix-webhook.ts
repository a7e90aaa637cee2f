import * as v from 'valibot'
import { Text } from './common.ts'

/**
 * The payment provider's Pix notification (D13), in the shape of the central bank's
 * Pix API webhook: a list of Pix received, each naming the charge's txid. It is the
 * provider's body, so its field names are the provider's (camelCase), not ours.
 */

/** Who signed the delivery and when: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const PixWebhookHeaders = v.object({
  'x-webhook-signature': Text(1000),
})

export const PixRecebido = v.object({
  /** The Pix's id across banks: E or D, 8-digit ISPB, date and time, 11 characters. */
  endToEndId: v.pipe(Text(32), v.regex(/^[ED][0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/, 'endToEndId inválido')),
  /** The charge's txid, ours (25 letters and digits) when it is one of ours. */
  txid: v.pipe(Text(35), v.regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido')),
  /** The amount paid in reais with two decimals, as the Pix API writes it: "451.00". */
  valor: v.pipe(Text(13), v.regex(/^\d{1,10}\.\d{2}$/, 'valor inválido: use reais com duas casas, como 451.00')),
  /** When the payer's bank settled it. */
  horario: v.pipe(Text(40), v.isoTimestamp('horario inválido: use data e hora ISO 8601')),
})
export type PixRecebido = v.InferOutput<typeof PixRecebido>

export const PixWebhookIn = v.object({
  pix: v.pipe(v.array(PixRecebido), v.minLength(1, 'Informe ao menos um Pix'), v.maxLength(100, 'No máximo 100 Pix por notificação')),
})
export type PixWebhookIn = v.InferOutput<typeof PixWebhookIn>

/**
 * What became of each Pix: `confirmado` (the charge and its instalment or order paid now),
 * `ja-confirmado` (a repeated delivery: nothing changed), `expirado` (its code had run out),
 * `valor-divergente` (an amount other than the charge's: not paid), `desconhecido` (no
 * charge of ours has this txid: ignored).
 */
export const ResultadoPix = v.picklist(['confirmado', 'ja-confirmado', 'expirado', 'valor-divergente', 'desconhecido'])
export type ResultadoPix = v.InferOutput<typeof ResultadoPix>

export const PixWebhookOut = v.object({
  resultados: v.array(v.object({ txid: v.string(), resultado: ResultadoPix })),
})
export type PixWebhookOut = v.InferOutput<typeof PixWebhookOut>
