import * as v from 'valibot'
import { Cents, IntQuery, IsoDateTime, Text } from './common.ts'

/** SPEC §4 order statuses; colours and descriptions are ours where the SPEC has none (D11). */
export const ORDER_STATUSES = [
  {
    id: -3,
    name: 'Aguardando nivelamento',
    color: '#7C4DFF',
    description: 'Aguardando o teste de nível do aluno; depois, um produto deve ser escolhido.',
  },
  { id: -2, name: 'Cancelado', color: '#757575', description: 'Pedido cancelado.' },
  { id: -1, name: 'Processando pedido', color: '#F57C00', description: 'Pode ter ocorrido um problema; a empresa está resolvendo.' },
  {
    id: 1,
    name: 'Aguardando pagamento',
    color: '#C62828',
    description: 'Pague em até 7 dias ou o pedido será cancelado. O processamento pode levar algumas horas.',
  },
  { id: 2, name: 'A atender', color: '#1565C0', description: 'Pedido em processamento.' },
  { id: 4, name: 'Liberado para separação', color: '#00838F', description: 'Pedido liberado para separação.' },
  { id: 5, name: 'Em separação', color: '#00695C', description: 'Pedido em separação.' },
  { id: 6, name: 'Aguardando transportadora', color: '#5D4037', description: 'Aguardando a retirada pela transportadora.' },
  { id: 7, name: 'Retirado pela transportadora', color: '#283593', description: 'Pedido a caminho.' },
  { id: 8, name: 'Entregue/Finalizado', color: '#2E7D32', description: 'Pedido entregue.' },
] as const

export type OrderStatusId = (typeof ORDER_STATUSES)[number]['id']
export const ORDER_STATUS_IDS = ORDER_STATUSES.map((status) => status.id) as OrderStatusId[]

/** SPEC §3 order status reference: id, name, color, description. */
export const OrderStatus = v.object({
  id: v.picklist(ORDER_STATUS_IDS),
  name: v.string(),
  color: v.pipe(v.string(), v.hexColor()),
  description: v.string(),
})
export type OrderStatus = v.InferOutput<typeof OrderStatus>

export const PedidoItem = v.object({
  codigo_produto: v.string(),
  descricao: v.string(),
  quantidade: v.pipe(v.number(), v.integer(), v.minValue(1)),
  valor_unitario: Cents,
})

/** The book an order's level test result suggests instead of the one ordered. */
export const SugestaoProduto = v.object({
  codigo_produto: v.string(),
  nome: v.string(),
  /** The book's name, e.g. "Inglês Intermediário 1". */
  livro: v.string(),
  nivel: v.string(),
})
export type SugestaoProduto = v.InferOutput<typeof SugestaoProduto>

/** An order (pre-invoice, D11). */
export const Pedido = v.object({
  id: v.number(),
  numero: v.string(),
  /** One-line summary of what was ordered, e.g. "Livro Inglês Intermediário 2". */
  produto: v.string(),
  criado_em: IsoDateTime,
  total: Cents,
  status: OrderStatus,
  itens: v.array(PedidoItem),
  /**
   * On an order waiting for payment, the book the student's level test suggests
   * instead of the one ordered (`POST /pre-invoice/{id}/produto/` switches to it); null or
   * absent when there is none.
   */
  sugestao: v.optional(v.nullable(SugestaoProduto)),
})
export type Pedido = v.InferOutput<typeof Pedido>

/** GET /pre-invoice/ query: optional status filter and paging (newest first). */
export const PedidosQuery = v.object({
  status: v.optional(v.pipe(v.union([v.number(), v.pipe(Text(2), v.regex(/^-?\d$/))]), v.transform(Number), v.picklist(ORDER_STATUS_IDS))),
  limit: v.optional(v.pipe(IntQuery, v.maxValue(200))),
  offset: v.optional(IntQuery),
})

export const PedidosPage = v.object({
  items: v.array(Pedido),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type PedidosPage = v.InferOutput<typeof PedidosPage>
