import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { knownDeviceOf, rememberDevice } from './device-cookie.ts'
import { equaliseTiming, verifyPassword } from './password.ts'
import { findLoginCandidates, parseLoginIdentifier } from './accounts-repository.ts'
import { forgetExpiredLoginAttempts, reserveLoginAttempt, type LoginThrottleScope } from './login-failures-repository.ts'
import { recordLoginOrigem } from './login-origins-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, tooManyRequests, type HttpError } from '../../http/errors.ts'

/** SPEC §8: the one text for every failed login, so it never tells which part was wrong. */
export const LOGIN_FAILED = 'Usuário ou senha incorreta.'

/** Says which limit and when to try again (the same instant as `Retry-After`); a known device's own limit is "these data". */
export function tooManyAttempts(scope: LoginThrottleScope, retryAfterSeconds: number): HttpError {
  const from = scope === 'address' ? 'a partir desta rede' : 'com estes dados'
  return tooManyRequests(`Muitas tentativas de login ${from}.`, retryAfterSeconds)
}

export default async function loginRoutes(app: FastifyInstance) {
  /**
   * OAuth2 password form (D2). Several accounts may share the identifier (siblings by CPF,
   * D9): those whose password matches are listed for the client to choose, then the client
   * repeats the login with `user_id`.
   */
  contractRoute(app, contract.loginAccessToken, async ({ body, request, reply }) => {
    const identifier = parseLoginIdentifier(body.username)
    const throttled = identifier.email ?? identifier.cpf ?? body.username.trim().toLowerCase()
    // F1: the attempt is counted before any password hash is computed, atomically, so
    // parallel guesses cannot all be evaluated; F2: per identifier+address, identifier, address;
    // a device the account logged in on before, on its own budget only.
    const reservation = await reserveLoginAttempt(app.db.orm, {
      identifier: throttled,
      address: request.ip,
      device: knownDeviceOf(app, request, throttled),
    })
    if (!reservation.granted) {
      throw tooManyAttempts(reservation.scope, reservation.retryAfterSeconds)
    }
    const candidates = await findLoginCandidates(app.db.orm, identifier)
    if (candidates.length === 0) await equaliseTiming(body.password)
    const checks = await Promise.all(candidates.map((account) => verifyPassword(account.passwordHash, body.password)))
    const matching = candidates.filter((_, index) => checks[index])

    const chosenId = body.user_id === undefined ? undefined : Number(body.user_id)
    const chosen = chosenId === undefined ? (matching.length === 1 ? matching[0] : undefined) : matching.find((a) => a.id === chosenId)

    if (matching.length === 0 || (chosenId !== undefined && !chosen)) {
      // The reserved attempt stays counted: it was a failure.
      await forgetExpiredLoginAttempts(app.db.orm)
      throw badRequest(LOGIN_FAILED)
    }
    await reservation.succeeded()
    // The password was right: this device is known for the identifier from now on.
    rememberDevice(app, request, reply, throttled)
    if (!chosen) {
      return { users: matching.map((account) => ({ id: account.id, full_name: account.fullName, company_name: account.companyName })) }
    }
    // D25: a partner landing page's prospect, coupon and company go with the login that carried them.
    await recordLoginOrigem(app.db.orm, chosen.id, { prospex: body.prospex, cupom: body.cupom, company: body.company })
    return { access_token: await app.auth.openSession(chosen.id, request), token_type: 'bearer' as const }
  })
}
