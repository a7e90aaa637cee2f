import { defineEndpoint } from '../define.ts'
import { CotacaoCambio, PagamentoCambioCartaoIn, PagamentoCambioPixIn, SimulacaoCambioIn } from '../schemas/cambio.ts'
import { CobrancaPix, PagamentoCartao } from '../schemas/pagamento.ts'

/** Texts of the câmbio endpoints (D30), shown as the server's `detail`. */
export const CAMBIO_TEXTS = {
  semReais: 'A simulação converte entre reais e dólar, euro ou libra: uma das moedas deve ser BRL e a outra USD, EUR ou GBP.',
  semTaxa: 'Não há taxa de câmbio cadastrada para esta moeda.',
  cotacaoNotFound: 'Cotação não encontrada',
  cotacaoExpirada: 'Esta cotação expirou (vale 15 minutos). Simule de novo para ver a taxa atual.',
  cotacaoPaga: 'Esta cotação já está paga.',
} as const

/** Câmbio (SPEC §7 portal, D14, D30): simulating a purchase and paying its quote. */
export const cambioEndpoints = {
  /**
   * Converts `valor` (cents of `moeda_origem`) between reais and USD, EUR or GBP at the
   * rate table, IOF apart, and records the quote (valid 15 minutes). 201.
   */
  simularCambio: defineEndpoint({
    method: 'POST',
    path: '/cambio-real/simulator-value/',
    service: 'portal',
    access: 'student',
    body: SimulacaoCambioIn,
    response: CotacaoCambio,
    errors: { useDetail: true, fallback: 'Erro ao simular o câmbio' },
  }),
  /**
   * A Pix charge of the quote's total, through the payments' one flow: the pending
   * one while it lasts, its code ending with the quote at the latest. Another student's or
   * unknown quote 404; paid 409; past its 15 minutes 409 "simule de novo".
   */
  pagarCambioPix: defineEndpoint({
    method: 'POST',
    path: '/cambio-real/payment/',
    service: 'portal',
    access: 'student',
    body: PagamentoCambioPixIn,
    response: CobrancaPix,
    errors: { byStatus: { 404: CAMBIO_TEXTS.cotacaoNotFound }, useDetail: true, fallback: 'Erro ao gerar o Pix' },
  }),
  /** Pays the quote's total by card through the gateway (201), once; declined 402; as the Pix for 404 and 409. */
  pagarCambioCartao: defineEndpoint({
    method: 'POST',
    path: '/cambio-real/payment/credit-card/',
    service: 'portal',
    access: 'student',
    body: PagamentoCambioCartaoIn,
    response: PagamentoCartao,
    errors: { byStatus: { 404: CAMBIO_TEXTS.cotacaoNotFound }, useDetail: true, fallback: 'Erro ao pagar com cartão' },
  }),
} as const
