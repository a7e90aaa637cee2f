import * as v from 'valibot'
import { Cents, IsoDateTime, Text } from './common.ts'
import { PlanoParcelas } from './pre-invoice.ts'

/**
 * Paying an instalment or an order waiting for payment through drive (issue 12, D13). Amounts are integer cents. A card's
 * number and CVV travel once, to drive, and are never stored, logged or kept on the device:
 * only the brand and the last four digits come back.
 */

/** pendente: waiting for the student's Pix app; pago: confirmed (once); expirado: the code's time ran out. */
export const StatusCobrancaPix = v.picklist(['pendente', 'pago', 'expirado'])
export type StatusCobrancaPix = v.InferOutput<typeof StatusCobrancaPix>

/** A Pix charge for one instalment or order: the BR Code "copia e cola", its QR image and expiry. */
export const CobrancaPix = v.object({
  id: v.number(),
  /** What it collects: an instalment or an order (the other is null). */
  parcela_id: v.nullable(v.number()),
  pedido_id: v.nullable(v.number()),
  /** The charge's transaction id inside the BR Code (field 62-05), 25 letters and digits. */
  txid: v.string(),
  valor: Cents,
  /** The EMV merchant-presented payload a Pix app reads (BR Code, CRC16-CCITT at the end). */
  copia_e_cola: v.string(),
  /** The same payload as a QR code, SVG markup drawn by the server. */
  qr_code_svg: v.string(),
  expira_em: IsoDateTime,
  status: StatusCobrancaPix,
  pago_em: v.nullable(IsoDateTime),
})
export type CobrancaPix = v.InferOutput<typeof CobrancaPix>

/** Card instalments offered when paying one instalment: 1 to 3, no interest. */
export const CARD_MAX_INSTALLMENTS = 3

/**
 * Card instalments an order can be paid in at most: D12's largest plan. The order's
 * own limit is the plan the student chose when ordering, checked by the server.
 */
export const ORDER_CARD_MAX_INSTALLMENTS = 12

/** SPEC §9: the card's expiry year is this year or one of the 3 following. */
export const CARD_YEARS_AHEAD = 3

/** The card and how many card instalments, at most `maxInstalments`. */
function cardBody(maxInstalments: number) {
  return v.object({
    titular: v.pipe(Text(80), v.trim(), v.minLength(3, 'Informe o nome impresso no cartão')),
    numero: v.pipe(Text(19), v.regex(/^\d{13,19}$/, 'Número de cartão inválido')),
    validade_mes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
    validade_ano: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
    cvv: v.pipe(Text(4), v.regex(/^\d{3,4}$/, 'CVV inválido')),
    parcelas: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1, 'Escolha pelo menos 1 parcela.'),
      v.maxValue(maxInstalments, `Escolha no máximo ${maxInstalments} parcelas.`),
    ),
  })
}

/** Paying an instalment by card: 1 to 3 card instalments. */
export const PagamentoCartaoIn = cardBody(CARD_MAX_INSTALLMENTS)
export type PagamentoCartaoIn = v.InferOutput<typeof PagamentoCartaoIn>

/** Paying an order by card: up to the plan chosen when ordering (≤ 12, checked by the server with the order). */
export const PagamentoCartaoPedidoIn = cardBody(ORDER_CARD_MAX_INSTALLMENTS)

/**
 * The card instalments the server accepts for one instalment or order, each with its
 * amounts in cents (the last absorbs the rounding, as D12's plans): what the card form offers.
 */
export const OpcoesCartao = v.object({
  valor: Cents,
  planos: v.array(PlanoParcelas),
})
export type OpcoesCartao = v.InferOutput<typeof OpcoesCartao>

/** An approved card payment: the instalment or order is paid. */
export const PagamentoCartao = v.object({
  id: v.number(),
  parcela_id: v.nullable(v.number()),
  pedido_id: v.nullable(v.number()),
  valor: Cents,
  parcelas: v.number(),
  /** visa, mastercard, elo, amex, hipercard or outra. */
  bandeira: v.string(),
  final: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  pago_em: IsoDateTime,
})
export type PagamentoCartao = v.InferOutput<typeof PagamentoCartao>
