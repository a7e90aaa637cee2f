import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { FULFILMENT_STATUS_IDS, type PedidoAAtender } from '../../../src/contract/endpoints/manager-orders.ts'
import { nextOrderStatus } from '../../../src/machines/order.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { isSerialId } from '../../db/ids.ts'
import * as managerOrders from './staff-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { orderStatus, ORDER_NOT_FOUND, toPedido } from './routes.ts'

/** Orders one page lists when the client does not say. */
const DEFAULT_FULFILMENT_LIMIT = 50

function toPedidoAAtender(row: managerOrders.OrderForStaff): PedidoAAtender {
  const next = nextOrderStatus(row.status, 'avancar', 'staff')
  return {
    ...toPedido(row),
    aluno: row.aluno,
    proximo_status: next === undefined ? null : orderStatus(next),
    movido_em: row.movidoEm?.toISOString() ?? null,
  }
}

/** Why the move a manager asked for did not happen (409), in the staff's words. */
function cannotAdvance(current: OrderStatusId, asked: { de: OrderStatusId; para: OrderStatusId }): string {
  const name = (id: OrderStatusId) => `"${orderStatus(id).name}"`
  if (current === 8) return 'Este pedido já foi entregue: não há mais o que avançar.'
  if (current === -2) return 'Este pedido foi cancelado e não avança mais.'
  if (!(FULFILMENT_STATUS_IDS as readonly number[]).includes(current)) {
    return `Este pedido está ${name(current)}: só pedidos pagos entram no atendimento.`
  }
  if (current !== asked.de) {
    return `Este pedido já está ${name(current)}: outra pessoa da equipe o moveu. Confira a lista atualizada.`
  }
  const next = nextOrderStatus(current, 'avancar', 'staff')
  return `De ${name(current)} o pedido só avança para ${next !== undefined ? name(next) : 'nenhuma outra situação'}, não para ${name(asked.para)}.`
}

/** The managers' order fulfilment (issue 12, D11, D31): managers only, every move audited. */
export default async function managerOrderRoutes(app: FastifyInstance) {
  const db = app.db.orm

  contractRoute(app, contract.pedidosAAtender, async ({ query }) => {
    const page = await managerOrders.fulfilmentPage(db, {
      status: query.status,
      limit: query.limit ?? DEFAULT_FULFILMENT_LIMIT,
      offset: query.offset ?? 0,
    })
    return { items: page.items.map(toPedidoAAtender), total: page.total, por_status: page.porStatus }
  })

  contractRoute(app, contract.avancarPedido, async ({ params, body, caller }) => {
    // An id past the column's range names no order (and must not reach the database as one).
    if (!isSerialId(params.id)) throw notFound(ORDER_NOT_FOUND)
    const outcome = await managerOrders.advanceOrder(db, { orderId: params.id, from: body.de, to: body.para, managerId: caller.id })
    if (outcome.kind === 'notFound') throw notFound(ORDER_NOT_FOUND)
    if (outcome.kind !== 'moved') throw new HttpError(409, cannotAdvance(outcome.current, body))
    return toPedidoAAtender((await managerOrders.orderForStaff(db, params.id))!)
  })
}
