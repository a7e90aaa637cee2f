import { api } from '../../../api/api.ts'
import { pagamentoEndpoints } from '../../../api/contract/pagamentos.ts'
import type { PagamentoCartaoIn } from '../../../api/schemas/pagamento.ts'

/**
 * Paying an instalment (issue 12, D13): online only, never queued (a payment made later
 * than the student thinks is worse than one refused now), never kept on the device.
 */

/** The instalment's Pix charge: the pending one, a new one, or the one that paid it. */
export function pixCharge(parcelaId: number) {
  return api.call(pagamentoEndpoints.pixParcela, { params: { id: parcelaId } })
}

/** Charges the card once; the number and CVV live only in this call's body. */
export function payByCard(parcelaId: number, card: PagamentoCartaoIn) {
  return api.call(pagamentoEndpoints.cartaoParcela, { params: { id: parcelaId }, body: card })
}

/** How often the screen asks whether a Pix charge was paid. */
export const PIX_POLL_MS = 3_000
