import { defineEndpoint } from '../define.ts'
import { PedidosPage, PedidosQuery } from '../schemas/pedido.ts'

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
} as const
