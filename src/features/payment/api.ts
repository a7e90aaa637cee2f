import { api } from '../../lib/api.ts'
import { pagamentoEndpoints } from '../../contract/endpoints/pagamentos.ts'
import type { CobrancaPix, OpcoesCartao, PagamentoCartao, PagamentoCartaoIn } from '../../contract/schemas/pagamento.ts'

/**
 * Paying an instalment or an order waiting for payment (issue 12, D13): online only,
 * never queued (a payment made later than the student thinks is worse than one refused
 * now), never kept on the device.
 */

/**
 * How a target other than an instalment or an order is charged (a câmbio quote):
 * its own endpoints, given by the screen that pays it, so this flow carries none of them.
 */
export interface PaymentCalls {
  pix: () => Promise<CobrancaPix>
  card: (card: PagamentoCartaoIn) => Promise<PagamentoCartao>
  cardOptions: () => Promise<OpcoesCartao>
}

/**
 * What is being paid: one of the student's instalments, orders, câmbio quotes or approved
 * KNN Orlando / London requests (D28), and its amount in cents.
 */
export interface PaymentTarget {
  tipo: 'parcela' | 'pedido' | 'cambio' | 'knnUsa'
  id: number
  valor: number
  calls?: PaymentCalls | undefined
}

/** What the Pix and the card panels are given. */
export interface PanelProps {
  target: PaymentTarget
  online: boolean
  onPaid: () => void
  /** The server refused to charge the target (409: paid elsewhere, or a câmbio quote past its 15 minutes). */
  onRefused?: ((message: string) => void) | undefined
}

/** The target's Pix charge: the pending one, a new one, or the one that paid it. */
export function pixCharge(target: PaymentTarget) {
  if (target.calls) return target.calls.pix()
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.pixParcela : pagamentoEndpoints.pixPedido
  return api.call(endpoint, { params: { id: target.id } })
}

/** The card instalments the server accepts for the target, with their amounts: the card form offers exactly these. */
export function cardOptions(target: PaymentTarget) {
  if (target.calls) return target.calls.cardOptions()
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.opcoesCartaoParcela : pagamentoEndpoints.opcoesCartaoPedido
  return api.call(endpoint, { params: { id: target.id } })
}

/** Charges the card once; the number and CVV live only in this call's body. */
export function payByCard(target: PaymentTarget, card: PagamentoCartaoIn) {
  if (target.calls) return target.calls.card(card)
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.cartaoParcela : pagamentoEndpoints.cartaoPedido
  return api.call(endpoint, { params: { id: target.id }, body: card })
}

/** How often the screen asks whether a Pix charge was paid. */
export const PIX_POLL_MS = 3_000
