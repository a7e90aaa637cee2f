import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { verifyEmailWithToken } from './account-tokens-repository.ts'
import { reserveAttempts } from './login-failures-repository.ts'
import { forUser } from '../users/repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors.ts'
import { mailLinkBaseFor } from '../../mail/links.ts'
import { queueEmailVerification } from '../../mail/queue.ts'

export const verificationSent = (email: string) => `Enviamos um link de confirmação para ${email}. Ele vale por 24 horas.`
export const ALREADY_VERIFIED = 'Seu e-mail já está confirmado.'
export const NO_EMAIL = 'Cadastre um e-mail antes de confirmá-lo.'
export const NOT_YOUR_EMAIL = 'Este não é o e-mail da sua conta. Atualize seus dados antes de confirmá-lo.'
export const EMAIL_VERIFIED = 'E-mail confirmado.'
export const VERIFICATION_FAILED = 'Link de confirmação inválido ou expirado. Peça um novo em Meu perfil.'

/** Confirmation e-mails one account can ask for per 15-minute window. */
export const VERIFICATION_MAIL_LIMIT = 5

export default async function emailVerificationRoutes(app: FastifyInstance) {
  /** SPEC §7: sends the link to the account's e-mail (queued before the answer, sent after it). */
  contractRoute(app, contract.sendEmailVerification, async ({ caller, query, request }) => {
    const profile = await forUser(app.db.orm, caller.id).profile()
    if (!profile) throw unauthorized()
    const { user } = profile
    if (!user.email) throw badRequest(NO_EMAIL)
    if (query.email !== undefined && query.email.toLowerCase() !== user.email) throw badRequest(NOT_YOUR_EMAIL)
    if (user.verifiedEmail === user.email) return { detail: ALREADY_VERIFIED }
    const reservation = await reserveAttempts(app.db.orm, [
      { scope: 'verificationAccount', value: String(caller.id), limit: VERIFICATION_MAIL_LIMIT },
    ])
    if (!reservation.granted) throw tooManyRequests('Muitos e-mails de confirmação pedidos.', reservation.retryAfterSeconds)

    const { origin, brand } = mailLinkBaseFor(app, request)
    const email = user.email
    // Queued before the answer: the mail queue's sender stores the token and sends it.
    await queueEmailVerification(app.db.orm, { userId: caller.id, email, name: user.fullName, origin, brand })
    app.mail.wake()
    return { detail: verificationSent(email) }
  })

  /** SPEC §4, §7: the token the client kept from the link, sent after login by the account it was for. */
  contractRoute(app, contract.verifyEmail, async ({ caller, body }) => {
    if (!(await verifyEmailWithToken(app.db.orm, caller.id, body.token_email))) throw badRequest(VERIFICATION_FAILED)
    return { detail: EMAIL_VERIFIED }
  })
}
