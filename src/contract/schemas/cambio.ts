import * as v from 'valibot'
import { BodyId, Cents, IsoDate, IsoDateTime } from './common.ts'
import { PagamentoCartaoIn } from './pagamento.ts'

/**
 * Câmbio (D14, D30): a simulation converts between reais and one foreign
 * currency at the configured rate, with IOF apart. Amounts are integer cents of their
 * currency; the rate is reais per one unit of the foreign currency.
 */

export const MOEDAS_ESTRANGEIRAS = ['USD', 'EUR', 'GBP'] as const
export const MOEDAS = ['BRL', ...MOEDAS_ESTRANGEIRAS] as const
export const Moeda = v.picklist(MOEDAS, 'Escolha a moeda: BRL, USD, EUR ou GBP.')
export type Moeda = v.InferOutput<typeof Moeda>
export type MoedaEstrangeira = (typeof MOEDAS_ESTRANGEIRAS)[number]

/** The most a simulation converts: 100 mil of its currency (keeps every amount within a 32-bit integer of cents). */
export const CAMBIO_VALOR_MAXIMO = 10_000_000

export const SimulacaoCambioIn = v.object({
  moeda_origem: Moeda,
  moeda_destino: Moeda,
  /** What the student has (moeda_origem), in cents. */
  valor: v.pipe(
    v.number('Informe o valor em centavos.'),
    v.integer('Informe o valor em centavos.'),
    v.minValue(1, 'Informe um valor maior que zero.'),
    v.maxValue(CAMBIO_VALOR_MAXIMO, 'O valor máximo de uma simulação é 100.000,00.'),
  ),
})
export type SimulacaoCambioIn = v.InferOutput<typeof SimulacaoCambioIn>

/** A quote: the conversion, the rate and its day, the IOF apart, the total in reais and how long it can be paid. */
export const CotacaoCambio = v.object({
  id: v.number(),
  moeda_origem: Moeda,
  moeda_destino: Moeda,
  valor_origem: Cents,
  valor_destino: Cents,
  /** Reais per one unit of the foreign currency, e.g. 5.3412. */
  taxa: v.number(),
  taxa_data: IsoDate,
  /** D30: 1.1 (%), on the reais the currency costs. */
  iof_percentual: v.number(),
  /** The reais the currency costs, before IOF. */
  valor_reais: Cents,
  iof: Cents,
  /** valor_reais + iof: what the student pays. */
  total: Cents,
  cotada_em: IsoDateTime,
  valida_ate: IsoDateTime,
  pago_em: v.nullable(IsoDateTime),
})
export type CotacaoCambio = v.InferOutput<typeof CotacaoCambio>

/** Paying a quote by Pix: which quote; the answer is a Pix charge of its total. */
export const PagamentoCambioPixIn = v.object({ cotacao_id: BodyId })
export type PagamentoCambioPixIn = v.InferOutput<typeof PagamentoCambioPixIn>

/** Paying a quote by card: which quote and the card, as for an instalment (1–3 card instalments). */
export const PagamentoCambioCartaoIn = v.object({ ...PagamentoCartaoIn.entries, cotacao_id: BodyId })
export type PagamentoCambioCartaoIn = v.InferOutput<typeof PagamentoCambioCartaoIn>
