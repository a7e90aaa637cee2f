import { defineEndpoint } from '../define.ts'
import { CotacaoCambio, SimulacaoCambioIn } from '../schemas/cambio.ts'

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
   * rate table, IOF apart, and records the quote (valid 15 minutes, P201). 201.
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
} as const
