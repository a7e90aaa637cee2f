import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { liveSessions, revokeSessions } from './sessions-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { notFound } from '../../http/errors.ts'

export const SESSION_TEXTS = {
  loggedOut: 'Sessão encerrada.',
  notFound: 'Sessão não encontrada',
  revoked: 'Aparelho desconectado.',
  othersRevoked: (count: number) =>
    count === 0
      ? 'Nenhum outro aparelho estava conectado.'
      : count === 1
        ? '1 aparelho desconectado.'
        : `${count} aparelhos desconectados.`,
} as const

/**
 * Server-side sessions (issue 36 item 3): "Sair", /me "Aparelhos conectados",
 * "Encerrar" and "Sair de todos os outros aparelhos". Only the caller's own sessions (D7):
 * another account's id is answered like one that does not exist.
 */
export default async function sessionRoutes(app: FastifyInstance) {
  contractRoute(app, contract.logout, async ({ caller, request }) => {
    await revokeSessions(app.db.orm, caller.id, { only: request.sessionId! })
    return { detail: SESSION_TEXTS.loggedOut }
  })

  contractRoute(app, contract.userSessions, async ({ caller, request }) => {
    const rows = await liveSessions(app.db.orm, caller.id)
    return rows.map((row) => ({
      id: row.id,
      device: row.device,
      brand: row.brand,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      current: row.id === request.sessionId,
    }))
  })

  contractRoute(app, contract.revokeUserSession, async ({ caller, params }) => {
    if ((await revokeSessions(app.db.orm, caller.id, { only: params.id })) === 0) throw notFound(SESSION_TEXTS.notFound)
    return { detail: SESSION_TEXTS.revoked }
  })

  contractRoute(app, contract.revokeOtherUserSessions, async ({ caller, request }) => {
    const count = await revokeSessions(app.db.orm, caller.id, { except: request.sessionId! })
    return { detail: SESSION_TEXTS.othersRevoked(count) }
  })
}
