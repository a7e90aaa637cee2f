import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import { managerOrderEndpoints } from '../../contract/endpoints/manager-orders.ts'
import { pushEndpoints } from '../../contract/endpoints/push.ts'
import type { FulfilmentStatusId, FulfilmentTargetId } from '../../contract/endpoints/manager-orders.ts'
import type { PushSending, PushSendingInput } from '../../contract/schemas/push.ts'

/**
 * The manager panel's server state (issue 11, D7: online only, nothing kept on the
 * device). A sending on its way is read again every 2 s until it ends.
 */

const WHILE_SENDING_MS = 2_000
const running = (sending: PushSending | undefined) => sending?.status === 'enviando' || sending?.status === 'agendado'

export const sendingsQuery = queryOptions({
  queryKey: ['manager-panel', 'sendings'],
  queryFn: () => api.call(pushEndpoints.pushSendings),
  networkMode: 'online',
  refetchInterval: (query) => (query.state.data?.some(running) ? WHILE_SENDING_MS : false),
})

export const sendingQuery = (id: number) =>
  queryOptions({
    queryKey: ['manager-panel', 'sending', id],
    queryFn: () => api.call(pushEndpoints.pushSendingGet, { params: { id } }),
    networkMode: 'online',
  })

export const sendingLogQuery = (id: number) =>
  queryOptions({
    queryKey: ['manager-panel', 'log', id],
    queryFn: () => api.call(pushEndpoints.pushSendingLog, { params: { id } }),
    networkMode: 'online',
    refetchInterval: (query) => (running(query.state.data?.sending) ? WHILE_SENDING_MS : false),
  })

export const audienceOptionsQuery = queryOptions({
  queryKey: ['manager-panel', 'audience-options'],
  queryFn: () => api.call(pushEndpoints.pushAudienceOptions),
  networkMode: 'online',
  staleTime: 5 * 60_000,
})

export const studentSearchQuery = (busca: string) =>
  queryOptions({
    queryKey: ['manager-panel', 'students', busca],
    queryFn: ({ signal }) => api.call(pushEndpoints.pushStudentSearch, { query: { busca }, signal }),
    networkMode: 'online',
    enabled: busca.trim().length >= 2,
  })

function useRefreshSendings() {
  const queryClient = useQueryClient()
  return (saved?: PushSending) => {
    if (saved) queryClient.setQueryData(sendingQuery(saved.id).queryKey, saved)
    return queryClient.invalidateQueries({ queryKey: ['manager-panel'] })
  }
}

/** Saves a draft: a new one (POST) or an edit (PUT with its id). */
export function useSaveDraft() {
  const refresh = useRefreshSendings()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | undefined; input: PushSendingInput }) =>
      id === undefined
        ? api.call(pushEndpoints.pushSendingCreate, { body: input })
        : api.call(pushEndpoints.pushSendingUpdate, { body: { id, ...input } }),
    onSuccess: (saved) => refresh(saved),
  })
}

export function useDeleteDraft() {
  const refresh = useRefreshSendings()
  return useMutation({
    mutationFn: (id: number) => api.call(pushEndpoints.pushSendingDelete, { params: { id } }),
    onSuccess: () => refresh(),
  })
}

/** Sends now (`scheduledFor` null) or schedules; the server answers at once (202). */
export function useSend() {
  const refresh = useRefreshSendings()
  return useMutation({
    mutationFn: ({ id, scheduledFor }: { id: number; scheduledFor: string | null }) =>
      api.call(pushEndpoints.pushSendingSend, { body: { id, scheduled_for: scheduledFor } }),
    onSuccess: () => refresh(),
  })
}

/** Orders one page of the fulfilment screen lists. */
export const ORDERS_PAGE_SIZE = 20

/** The orders to fulfil (issue 12, D31), one status or all five, one page. Online only, like the rest of the panel. */
export const ordersToFulfilQuery = (status: FulfilmentStatusId | undefined, page: number) =>
  queryOptions({
    queryKey: ['manager-panel', 'orders', status ?? 'all', page],
    queryFn: () =>
      api.call(managerOrderEndpoints.pedidosAAtender, { query: { status, limit: ORDERS_PAGE_SIZE, offset: page * ORDERS_PAGE_SIZE } }),
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
