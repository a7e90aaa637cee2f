import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { preInvoiceEndpoints } from '../../../contract/endpoints/pre-invoice.ts'
import type { CriarPedidoInput, DadosNotaInput } from '../../../contract/schemas/pre-invoice.ts'

/**
 * Ordering books (issue 12): the product and D12's figures come from the server and
 * are only shown here; nothing of an order is queued or kept on the device (online only).
 */

export const produtoQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: ['pedidos', 'produto', codigo],
    queryFn: ({ signal }) => api.call(preInvoiceEndpoints.produto, { params: { code: codigo }, signal }),
    networkMode: 'online',
    staleTime: 5 * 60_000,
  })

export const precosQueryOptions = (quantidade: number) =>
  queryOptions({
    queryKey: ['pedidos', 'precos', quantidade],
    queryFn: ({ signal }) => api.call(preInvoiceEndpoints.descontoProgressivo, { params: { id: quantidade }, signal }),
    networkMode: 'online',
    staleTime: 5 * 60_000,
  })

/** Creates the order; the same `key` again answers the same order (a double tap, a retry). */
export function createOrder(body: CriarPedidoInput, key: string) {
  return api.call(preInvoiceEndpoints.criarPedido, { body, headers: { 'idempotency-key': key } })
}

export function saveInvoiceDetails(body: DadosNotaInput) {
  return api.call(preInvoiceEndpoints.dadosNotaPedido, { body })
}
