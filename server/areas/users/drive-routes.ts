import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { replacePasswordHash } from '../auth/accounts-repository.ts'
import { revokeSessions } from '../auth/sessions-repository.ts'
import { forUser } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, HttpError } from '../../http/errors.ts'
import { sessionEnded } from '../../plugins/auth.ts'

export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta.'
export const SAME_PASSWORD = 'A nova senha deve ser diferente da senha atual.'
export const PASSWORD_UPDATED = 'Senha atualizada com sucesso.'
export const PASSWORD_CHANGED_MEANWHILE = 'A senha já foi alterada por outra solicitação. Entre novamente com a nova senha.'

export default async function driveUserRoutes(app: FastifyInstance) {
  /** Drive's password change (SPEC §7): the current password proves it is the owner. */
  contractRoute(app, contract.updatePasswordPortal, async ({ caller, body, request }) => {
    const currentHash = await forUser(app.db.orm, caller.id).passwordHash()
    if (!currentHash || !(await verifyPassword(currentHash, body.current_password))) throw badRequest(WRONG_CURRENT_PASSWORD)
    if (body.new_password === body.current_password) throw badRequest(SAME_PASSWORD)
    // Compare-and-set: a change that landed while this one was hashing wins (F8).
    if (!(await replacePasswordHash(app.db.orm, caller.id, currentHash, await hashPassword(body.new_password)))) {
      throw new HttpError(409, PASSWORD_CHANGED_MEANWHILE)
    }
    // Every older token is void now, this session's too: it continues with a new one. Every
    // other device's session ends: a thief's copy is refused as "encerrada".
    const sessionId = request.sessionId!
    await revokeSessions(app.db.orm, caller.id, { except: sessionId })
    const token = await app.auth.renewAccessToken(caller.id, sessionId)
    // Ended by another request while this one ran ("Sair" on this device's other tab).
    if (token === null) throw sessionEnded()
    return { detail: PASSWORD_UPDATED, access_token: token, token_type: 'bearer' as const }
  })
}
