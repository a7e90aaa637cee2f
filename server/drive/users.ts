import type { FastifyInstance } from 'fastify'
import { contract } from '../../src/api/contract.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { forUser } from '../db/repositories/users.ts'
import { contractRoute } from '../http/contract-route.ts'
import { badRequest } from '../http/errors.ts'

export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta.'
export const SAME_PASSWORD = 'A nova senha deve ser diferente da senha atual.'
export const PASSWORD_UPDATED = 'Senha atualizada com sucesso.'

export default async function driveUserRoutes(app: FastifyInstance) {
  /** Drive's password change (SPEC §7): the current password proves it is the owner. */
  contractRoute(app, contract.updatePasswordPortal, async ({ caller, body }) => {
    const me = forUser(app.db.orm, caller.id)
    if (!(await verifyPassword(await me.passwordHash(), body.current_password))) throw badRequest(WRONG_CURRENT_PASSWORD)
    if (body.new_password === body.current_password) throw badRequest(SAME_PASSWORD)
    await me.setPasswordHash(await hashPassword(body.new_password))
    // Every older token is void now, this session's too: it continues with a new one.
    return { detail: PASSWORD_UPDATED, access_token: await app.auth.issueAccessToken(caller.id), token_type: 'bearer' as const }
  })
}
