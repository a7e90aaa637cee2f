import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { Cents, IdParam, IntQuery, IsoDateTime, Text } from '../schemas/common.ts'
import { OrderStatus, PedidoItem } from '../schemas/pedido.ts'

/**
 * The managers' order fulfilment (issue 12, D11, D31): the paid orders still to be
 * delivered, and one move at a time along 2 → 4 → 5 → 6 → 7 → 8. Managers only (D7),
 * online only; every move is in the audit log.
 */

/** The statuses an order waits in while the school fulfils it (SPEC §4): paid, not delivered yet. */
export const FULFILMENT_STATUS_IDS = [2, 4, 5, 6, 7] as const
export type FulfilmentStatusId = (typeof FULFILMENT_STATUS_IDS)[number]

/** Most orders one page lists. */
export const FULFILMENT_PAGE_MAX = 100

const StatusNumber = v.pipe(v.union([v.number(), v.pipe(Text(2), v.regex(/^\d$/))]), v.transform(Number))

/** Filter by one status (all five when absent); oldest first, so the longest wait comes first. */
export const PedidosAAtenderQuery = v.object({
  status: v.optional(v.pipe(StatusNumber, v.picklist(FULFILMENT_STATUS_IDS, 'Escolha uma das situações de atendimento: 2, 4, 5, 6 ou 7.'))),
  limit: v.optional(v.pipe(IntQuery, v.minValue(1), v.maxValue(FULFILMENT_PAGE_MAX))),
  offset: v.optional(IntQuery),
})

/** An order to fulfil, as the school's staff sees it. */
export const PedidoAAtender = v.object({
  id: v.number(),
  numero: v.string(),
  aluno: v.object({ id: v.number(), nome: v.nullable(v.string()), email: v.nullable(v.string()) }),
  /** One-line summary of what was ordered (the same as the student's list). */
  produto: v.string(),
  itens: v.array(PedidoItem),
  total: Cents,
  status: OrderStatus,
  /** Where "Avançar" takes it (D11); null once delivered. */
  proximo_status: v.nullable(OrderStatus),
  criado_em: IsoDateTime,
  /** When the staff last moved it (the audit log); null when not moved yet. */
  movido_em: v.nullable(IsoDateTime),
})
export type PedidoAAtender = v.InferOutput<typeof PedidoAAtender>

export const PedidosAAtenderPage = v.object({
  items: v.array(PedidoAAtender),
  /** Orders the filter matches (the page may hold fewer). */
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** How many orders wait in each fulfilment status, whatever the filter: the tabs' counts. */
  por_status: v.array(v.object({ status: v.picklist(FULFILMENT_STATUS_IDS), total: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
})
export type PedidosAAtenderPage = v.InferOutput<typeof PedidosAAtenderPage>

/** Where a fulfilment move can take an order (D11). */
export const FULFILMENT_TARGET_IDS = [4, 5, 6, 7, 8] as const
export type FulfilmentTargetId = (typeof FULFILMENT_TARGET_IDS)[number]

/**
 * `de`: the status the manager saw, `para`: the one the button named. A move from any
 * other status (another manager was quicker) or to any other (a skip) is refused with 409.
 */
export const AvancarPedidoBody = v.object({
  de: v.picklist(FULFILMENT_STATUS_IDS, 'Informe a situação atual do pedido: 2, 4, 5, 6 ou 7.'),
  para: v.picklist(FULFILMENT_TARGET_IDS, 'Informe a próxima situação do pedido: 4, 5, 6, 7 ou 8.'),
})

export const managerOrderEndpoints = {
  pedidosAAtender: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/atendimento/',
    service: 'portal',
    access: 'manager',
    query: PedidosAAtenderQuery,
    response: PedidosAAtenderPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar os pedidos a atender' },
  }),
  /** Moves the order one step (2 → 4 → 5 → 6 → 7 → 8): the order as it is now. */
  avancarPedido: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/atendimento/{id}/avancar/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: AvancarPedidoBody,
    response: PedidoAAtender,
    errors: { byStatus: { 404: 'Pedido não encontrado' }, useDetail: true, fallback: 'Erro ao avançar o pedido' },
  }),
} as const
