import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdParam } from '../schemas/common.ts'
import { Pedido, PedidosPage, PedidosQuery } from '../schemas/pedido.ts'

/** The student's orders (pre-invoices, D11). */
export const pedidoEndpoints = {
  pedidos: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/',
    service: 'portal',
    access: 'student',
    query: PedidosQuery,
    response: PedidosPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar seus pedidos' },
  }),
  /**
   * The student cancels an order where D11 allows it (waiting for the level test, for
   * payment, or with a problem): the order as it is now. 409 with the reason otherwise.
   */
  cancelarPedido: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/cancel/{id}/',
    service: 'portal',
    access: 'student',
    owned: { id: 'pedido' },
    params: v.object({ id: IdParam }),
    response: Pedido,
    errors: { byStatus: { 404: 'Pedido não encontrado' }, useDetail: true, fallback: 'Erro ao cancelar o pedido' },
  }),
} as const
