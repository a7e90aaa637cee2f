import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { accountIdsOf } from './accounts-repository.ts'
import { reserveAttempts } from './login-failures-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, tooManyRequests } from '../../http/errors.ts'

/** SPEC §8 "User by e-mail". */
export const USER_NOT_FOUND = 'Usuário não encontrado'

/**
 * Lookups one account may make per 15-minute window, both endpoints together: they
 * tell whether an e-mail or CPF has an account, so they must not become a directory.
 */
export const LOOKUP_LIMIT = 30

export default async function accountLookupRoutes(app: FastifyInstance) {
  async function countLookup(callerId: number): Promise<void> {
    const reservation = await reserveAttempts(app.db.orm, [{ scope: 'lookupAccount', value: String(callerId), limit: LOOKUP_LIMIT }])
    if (!reservation.granted) throw tooManyRequests('Muitas consultas seguidas.', reservation.retryAfterSeconds)
  }

  /** SPEC §7 check-exists: an account with this e-mail or CPF, or 400 "Usuário não encontrado". */
  contractRoute(app, contract.checkExists, async ({ caller, query }) => {
    await countLookup(caller.id)
    const identifier = query.email !== undefined ? { email: query.email.toLowerCase() } : { cpf: query.cpf!.replace(/\D/g, '') }
    if ((await accountIdsOf(app.db.orm, identifier)).length === 0) throw badRequest(USER_NOT_FOUND)
    return { exists: true as const }
  })

  /** SPEC §7 check-email: free for the caller when no other account has it (their own is free). */
  contractRoute(app, contract.checkEmail, async ({ caller, query }) => {
    await countLookup(caller.id)
    const owners = await accountIdsOf(app.db.orm, { email: query.email.toLowerCase() })
    return { available: owners.every((id) => id === caller.id) }
  })
}
