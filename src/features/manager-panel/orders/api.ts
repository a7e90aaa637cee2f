import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { managerOrderEndpoints } from '../../../contract/endpoints/manager-orders.ts'
import type { FulfilmentStatusId, FulfilmentTargetId } from '../../../contract/endpoints/manager-orders.ts'
import { api } from '../../../lib/api.ts'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'

/** The orders to fulfil (issue 12, D31), one status or all five, one page. Online only, like the rest of the panel. */
export const ordersToFulfilQuery = (status: FulfilmentStatusId | undefined, page: number) =>
  queryOptions({
    queryKey: ['manager-panel', 'orders', status ?? 'all', page],
    queryFn: () =>
      api.call(managerOrderEndpoints.pedidosAAtender, { query: { status, limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE } }),
    networkMode: 'online',
  })

/**
 * One fulfilment step, from the status the manager saw to the one the button named; the
 * list is read again whatever the answer (a 409 means it was out of date).
 */
export function useAdvanceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, de, para }: { id: number; de: FulfilmentStatusId; para: FulfilmentTargetId }) =>
      api.call(managerOrderEndpoints.avancarPedido, { params: { id }, body: { de, para } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['manager-panel', 'orders'] }),
  })
}
