import * as v from 'valibot'
import { Cents, IsoDate } from './common.ts'

/** pago = paid; aberto = open, not yet due; vencido = open past its due date (server's "today", D21). */
export const StatusParcela = v.picklist(['pago', 'aberto', 'vencido'])
export type StatusParcela = v.InferOutput<typeof StatusParcela>

export const Parcela = v.object({
  id: v.number(),
  descricao: v.string(),
  numero: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total_parcelas: v.pipe(v.number(), v.integer(), v.minValue(1)),
  vencimento: IsoDate,
  valor: Cents,
  valor_pago: v.nullable(Cents),
  pago_em: v.nullable(IsoDate),
  status: StatusParcela,
})
export type Parcela = v.InferOutput<typeof Parcela>

/** GET /at-home/financeiro/: the caller's instalments, oldest due date first, with totals. */
export const Financeiro = v.object({
  parcelas: v.array(Parcela),
  totais: v.object({ pago: Cents, aberto: Cents, vencido: Cents }),
})
export type Financeiro = v.InferOutput<typeof Financeiro>
