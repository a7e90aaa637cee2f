import { api } from '../../../api/api.ts'
import { pagamentoEndpoints } from '../../../api/contract/pagamentos.ts'
import type { PagamentoCartaoIn } from '../../../api/schemas/pagamento.ts'

/**
 * Paying an instalment or an order waiting for payment (issue 12, D13, P151): online only,
 * never queued (a payment made later than the student thinks is worse than one refused
 * now), never kept on the device.
 */

/** What is being paid: one of the student's instalments or orders, and its amount in cents. */
export interface PaymentTarget {
  tipo: 'parcela' | 'pedido'
  id: number
  valor: number
}

/** The target's Pix charge: the pending one, a new one, or the one that paid it. */
export function pixCharge(target: PaymentTarget) {
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.pixParcela : pagamentoEndpoints.pixPedido
  return api.call(endpoint, { params: { id: target.id } })
}

/** The card instalments the server accepts for the target, with their amounts (P170): the card form offers exactly these. */
export function cardOptions(target: PaymentTarget) {
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.opcoesCartaoParcela : pagamentoEndpoints.opcoesCartaoPedido
  return api.call(endpoint, { params: { id: target.id } })
}

/** Charges the card once; the number and CVV live only in this call's body. */
export function payByCard(target: PaymentTarget, card: PagamentoCartaoIn) {
  const endpoint = target.tipo === 'parcela' ? pagamentoEndpoints.cartaoParcela : pagamentoEndpoints.cartaoPedido
  return api.call(endpoint, { params: { id: target.id }, body: card })
}

/** How often the screen asks whether a Pix charge was paid. */
export const PIX_POLL_MS = 3_000
