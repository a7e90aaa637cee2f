import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { ORDER_STATUSES, type OrderStatus, type OrderStatusId, type Pedido } from '../../../src/contract/schemas/pedido.ts'
import { isSerialId } from '../../db/ids.ts'
import * as ordersRepo from './repository.ts'
import type { OrderItem, StudentOrder } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import type { Product } from './create-repository.ts'
import { suggestionsFor } from './level-suggestion.ts'
import { moveOrder } from './lifecycle.ts'

export const DEFAULT_ORDERS_LIMIT = 50

const STATUS_BY_ID = new Map<number, OrderStatus>(ORDER_STATUSES.map((status) => [status.id, { ...status }]))

/** The SPEC §4 reference (id, name, color, description) of a stored status id. */
export function orderStatus(id: OrderStatusId): OrderStatus {
  const status = STATUS_BY_ID.get(id)
  // The column's CHECK admits only ORDER_STATUSES ids.
  if (!status) throw new Error(`unknown order status ${id}`)
  return { ...status }
}

/** An order waiting for the level test has no product yet (SPEC §4, status -3). */
export const PRODUCT_NOT_CHOSEN = 'Produto a definir'

/** "Livro X" for one line, "Livro X + 1 item" / "Livro X + 2 itens" for more. */
export function productSummary(itens: readonly Pick<OrderItem, 'descricao'>[]): string {
  const [first, ...rest] = itens
  if (!first) return PRODUCT_NOT_CHOSEN
  if (rest.length === 0) return first.descricao
  return `${first.descricao} + ${rest.length} ${rest.length === 1 ? 'item' : 'itens'}`
}

/**
 * `sugestao`: the book the student's level test suggests instead (`suggestionsFor`),
 * null for none; left out when not looked up (the managers' list has no such field).
 */
export function toPedido(pedido: StudentOrder, sugestao?: Product | null): Pedido {
  return {
    id: pedido.id,
    numero: pedido.numero,
    produto: productSummary(pedido.itens),
    criado_em: pedido.createdAt.toISOString(),
    total: pedido.itens.reduce((sum, item) => sum + item.quantidade * item.valorUnitarioCentavos, 0),
    status: orderStatus(pedido.status),
    itens: pedido.itens.map((item) => ({
      codigo_produto: item.codigoProduto,
      descricao: item.descricao,
      quantidade: item.quantidade,
      valor_unitario: item.valorUnitarioCentavos,
    })),
    ...(sugestao === undefined
      ? {}
      : {
          sugestao: sugestao && { codigo_produto: sugestao.codigo, nome: sugestao.nome, livro: sugestao.livroNome, nivel: sugestao.nivel },
        }),
  }
}

export default async function orderRoutes(app: FastifyInstance) {
  /** The caller's orders, newest first; `total` counts every order the filter matches. */
  contractRoute(app, contract.pedidos, async ({ caller, query }) => {
    const page = await ordersRepo.forUser(app.db.orm, caller.id).orders({
      status: query.status,
      limit: query.limit ?? DEFAULT_ORDERS_LIMIT,
      offset: query.offset ?? 0,
    })
    const suggestions = await suggestionsFor(app.db.orm, caller.id, page.items)
    return { items: page.items.map((pedido) => toPedido(pedido, suggestions.get(pedido.id) ?? null)), total: page.total }
  })

  /** D11: the student cancels where the lifecycle allows it, exactly once. */
  contractRoute(app, contract.cancelarPedido, async ({ caller, params }) => {
    // An id past the column's range names no order (and must not reach the database as one).
    if (!isSerialId(params.id)) throw notFound(ORDER_NOT_FOUND)
    const move = await moveOrder(app.db.orm, params.id, 'cancelar', 'student', caller.id)
    if (move.kind === 'notFound') throw notFound(ORDER_NOT_FOUND)
    if (move.kind === 'forbidden') throw new HttpError(409, cannotCancel(move.from))
    // A cancelled order has no suggestion.
    return toPedido((await ordersRepo.forUser(app.db.orm, caller.id).order(params.id))!, null)
  })
}

export const ORDER_NOT_FOUND = 'Pedido não encontrado'

/** Why an order cannot be cancelled any more, in the student's words. */
function cannotCancel(status: OrderStatusId): string {
  if (status === -2) return 'Este pedido já foi cancelado.'
  if (status === 8) return 'Este pedido já foi entregue e não pode ser cancelado.'
  return `Este pedido está "${orderStatus(status).name}" e não pode mais ser cancelado pelo portal. Fale com a sua escola.`
}
