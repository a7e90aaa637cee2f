import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { DetailMessage } from '../schemas/common.ts'
import { SessionId, UserSession } from '../schemas/session.ts'

const sessionNotFound = { 404: 'Sessão não encontrada' } as const

/**
 * Server-side sessions (issue 36 item 3): every login opens one, its tokens carry its
 * id, and ending it refuses them at once (401 "Sua sessão foi encerrada"). Only the
 * caller's own sessions are ever listed or ended (D7).
 */
export const sessionEndpoints = {
  /** "Sair": ends the session of the token that calls (the app queues it when offline). */
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout/',
    service: 'portal',
    access: 'user',
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Erro ao sair' },
  }),
  /** /me "Aparelhos conectados": the caller's live sessions, the most recently seen first. */
  userSessions: defineEndpoint({
    method: 'GET',
    path: '/users/sessions/',
    service: 'portal',
    access: 'user',
    response: v.array(UserSession),
    errors: { useDetail: true, fallback: 'Erro ao carregar os aparelhos conectados' },
  }),
  /** "Encerrar": ends one of the caller's sessions; another account's id is unknown (404). */
  revokeUserSession: defineEndpoint({
    method: 'DELETE',
    path: '/users/sessions/{id}/',
    service: 'portal',
    access: 'user',
    owned: { id: 'userSession' },
    params: v.object({ id: SessionId }),
    response: DetailMessage,
    errors: { byStatus: sessionNotFound, useDetail: true, fallback: 'Erro ao encerrar a sessão' },
  }),
  /** "Sair de todos os outros aparelhos": every session of the caller's but this one. */
  revokeOtherUserSessions: defineEndpoint({
    method: 'POST',
    path: '/users/sessions/revoke-others/',
    service: 'portal',
    access: 'user',
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Erro ao encerrar as outras sessões' },
  }),
} as const
