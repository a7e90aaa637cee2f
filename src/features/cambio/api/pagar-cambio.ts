import { api } from '../../../lib/api.ts'
import { cambioEndpoints } from '../../../contract/endpoints/cambio.ts'
import type { CobrancaPix, OpcoesCartao, PagamentoCartao, PagamentoCartaoIn } from '../../../contract/schemas/pagamento.ts'

/** How the payment flow charges a quote: the câmbio endpoints, the quote's id in the body. */
export interface CambioPaymentCalls {
  pix: () => Promise<CobrancaPix>
  card: (card: PagamentoCartaoIn) => Promise<PagamentoCartao>
  cardOptions: () => Promise<OpcoesCartao>
}

export function cambioPaymentCalls(cotacaoId: number, total: number): CambioPaymentCalls {
  return {
    pix: () => api.call(cambioEndpoints.pagarCambioPix, { body: { cotacao_id: cotacaoId } }),
    card: (card) => api.call(cambioEndpoints.pagarCambioCartao, { body: { ...card, cotacao_id: cotacaoId } }),
    // A currency purchase is paid at once: one plan, the quote's total; nothing to ask the server.
    cardOptions: () => Promise.resolve({ valor: total, planos: [{ parcelas: 1, valores: [total] }] }),
  }
}
