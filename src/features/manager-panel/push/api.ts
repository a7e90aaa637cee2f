import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { pushEndpoints } from '../../../contract/endpoints/push.ts'
import { PUSH_SENDINGS_PAGE_MAX, type PushSending, type PushSendingInput } from '../../../contract/schemas/push.ts'

/**
 * The push sendings' server state (issue 11, D7: online only, nothing kept on the
 * device). A sending on its way is read again every 2 s until it ends.
 */

const WHILE_SENDING_MS = 2_000
const running = (sending: PushSending | undefined) => sending?.status === 'enviando' || sending?.status === 'agendado'

/** A page of the history, newest first; read again every 2 s while one on it is on its way. */
export const sendingsQuery = (page: number) =>
  queryOptions({
    queryKey: ['manager-panel', 'sendings', page],
    queryFn: () => api.call(pushEndpoints.pushSendings, { query: { limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE } }),
    networkMode: 'online',
    refetchInterval: (query) => (query.state.data?.items.some(running) ? WHILE_SENDING_MS : false),
  })

/** The drafts a manager can send, newest first: as many as one page of the history may hold. */
export const draftsQuery = queryOptions({
  queryKey: ['manager-panel', 'drafts'],
  queryFn: () => api.call(pushEndpoints.pushSendings, { query: { status: 'rascunho', limit: PUSH_SENDINGS_PAGE_MAX } }),
  networkMode: 'online',
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
