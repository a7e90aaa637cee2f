import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import { sessionEndpoints } from '../../contract/endpoints/sessions.ts'

/** GET /users/sessions/: the caller's signed-in devices. */
export function userSessionsQueryOptions() {
  return queryOptions({ queryKey: ['users', 'sessions'], queryFn: () => api.call(sessionEndpoints.userSessions) })
}

/** "Encerrar": DELETE /users/sessions/{id}/. */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.call(sessionEndpoints.revokeUserSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryOptions().queryKey }),
  })
}

/** "Sair de todos os outros aparelhos": POST /users/sessions/revoke-others/. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.call(sessionEndpoints.revokeOtherUserSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryOptions().queryKey }),
  })
}
