import type { FastifyInstance } from 'fastify'
import { contract } from '../../src/api/contract.ts'
import { equaliseTiming, verifyPassword } from '../auth/password.ts'
import { findLoginCandidates, parseLoginIdentifier } from '../db/repositories/accounts.ts'
import { clearLoginFailures, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, recentLoginFailures, recordLoginFailure } from '../db/repositories/login-failures.ts'
import { contractRoute } from '../http/contract-route.ts'
import { badRequest, HttpError } from '../http/errors.ts'

/** SPEC §8: the one text for every failed login, so it never tells which part was wrong. */
export const LOGIN_FAILED = 'Usuário ou senha incorreta.'
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas de login com estes dados. Aguarde 15 minutos e tente novamente.'

export default async function loginRoutes(app: FastifyInstance) {
  /**
   * OAuth2 password form (D2). Several accounts may share the identifier (siblings by CPF,
   * D9): those whose password matches are listed for the client to choose, then the client
   * repeats the login with `user_id`.
   */
  contractRoute(app, contract.loginAccessToken, async ({ body }) => {
    const identifier = parseLoginIdentifier(body.username)
    // Guessing is capped per identifier; checked before any password hash is computed.
    const throttleKey = identifier.email ?? identifier.cpf ?? body.username.trim().toLowerCase()
    if ((await recentLoginFailures(app.db.orm, throttleKey)) >= LOGIN_FAILURE_LIMIT) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': String(LOGIN_FAILURE_WINDOW_MS / 1000) })
    }
    const candidates = await findLoginCandidates(app.db.orm, identifier)
    if (candidates.length === 0) await equaliseTiming(body.password)
    const checks = await Promise.all(candidates.map((account) => verifyPassword(account.passwordHash, body.password)))
    const matching = candidates.filter((_, index) => checks[index])

    const chosenId = body.user_id === undefined ? undefined : Number(body.user_id)
    const chosen = chosenId === undefined ? (matching.length === 1 ? matching[0] : undefined) : matching.find((a) => a.id === chosenId)

    if (matching.length === 0 || (chosenId !== undefined && !chosen)) {
      await recordLoginFailure(app.db.orm, throttleKey)
      throw badRequest(LOGIN_FAILED)
    }
    await clearLoginFailures(app.db.orm, throttleKey)
    if (!chosen) {
      return { users: matching.map((account) => ({ id: account.id, full_name: account.fullName, company_name: account.companyName })) }
    }
    return { access_token: await app.auth.issueAccessToken(chosen.id), token_type: 'bearer' as const }
  })
}
