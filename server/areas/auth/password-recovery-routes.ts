import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { contract } from '../../../src/contract/contract.ts'
import { knownDeviceOf } from './device-cookie.ts'
import { hashPassword } from './password.ts'
import { findUsableToken, resetPasswordWithToken } from './account-tokens-repository.ts'
import type { LoginIdentifier } from './accounts-repository.ts'
import { addressGroup, reserveAttempts } from './login-failures-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, tooManyRequests, validationFailed } from '../../http/errors.ts'
import { mailLinkBaseFor } from '../../mail/links.ts'
import { queuePasswordReset } from '../../mail/queue.ts'

/** The one answer to every accepted request, whether or not an account has the e-mail. */
export const RECOVERY_REQUESTED =
  'Se houver uma conta com esses dados, enviaremos um e-mail com um link para criar uma nova senha. Confira também a caixa de spam.'
/** SPEC §8: an unknown, used or expired link. */
export const RESET_FAILED = 'Erro ao resetar senha'
export const PASSWORD_RESET = 'Senha redefinida com sucesso. Entre com a nova senha.'

/**
 * Limits, over the login counters' 15-minute window unless said. Counted for every
 * accepted request, whether or not the e-mail has an account, so the limit says nothing
 * about that either. A stranger's requests fill the counters of their own address; the only
 * counter they share with the owner is the per-e-mail cap, whose window is 5 minutes, so it
 * can make the owner wait at most that long, and never on a device she logged in on before
 * (its device cookie, which counts on that device's own budget instead).
 */
export const RECOVERY_LIMITS = {
  /** E-mails one client address can have sent to one address or CPF. */
  recoveryIdentifierAddress: 3,
  /** E-mails one address or CPF can be sent from everywhere per RECOVERY_IDENTIFIER_WINDOW_MS: the inbox cannot be flooded. */
  recoveryIdentifier: 5,
  /** Requests from one client address (an IPv6 /64 is one), across identifiers. */
  recoveryAddress: 20,
  /** Requests from a device the account logged in on before. */
  recoveryDevice: 3,
  /** Reset attempts from one client address. */
  resetAddress: 20,
} as const

/** The per-e-mail cap's window: the longest a stranger can hold up the owner's own request. */
export const RECOVERY_IDENTIFIER_WINDOW_MS = 5 * 60 * 1000

const Email = v.pipe(v.string(), v.email())

/** The e-mail, or the CPF of an access code; null when the text can be neither. */
function recoveryIdentifier(text: string, isAccessCode: boolean): LoginIdentifier | null {
  if (!isAccessCode) return v.is(Email, text) ? { email: text.toLowerCase() } : null
  const digits = text.replace(/[\s.\-/]/g, '')
  return /^\d{11}$/.test(digits) ? { cpf: digits } : null
}

export default async function passwordRecoveryRoutes(app: FastifyInstance) {
  /**
   * SPEC §7 recover-password. The request is queued before the answer, whatever the e-mail;
   * the mail queue's sender looks the accounts up, stores the tokens and sends after it, so
   * neither the answer nor its timing tells whether the e-mail has an account, and a process
   * that dies after answering loses no e-mail (server/mail/queue.ts).
   */
  contractRoute(app, contract.recoverPassword, async ({ query, request }) => {
    const isAccessCode = query.isAccessCode ?? false
    const identifier = recoveryIdentifier(query.email, isAccessCode)
    if (!identifier) {
      const msg = isAccessCode ? 'Código de acesso inválido: informe o CPF com 11 dígitos' : 'Por favor, insira um e-mail válido'
      throw validationFailed([{ loc: ['query', 'email'], msg, type: 'value_error' }])
    }
    const named = identifier.email ?? identifier.cpf!
    const address = addressGroup(request.ip)
    const device = knownDeviceOf(app, request, named)
    const reservation = await reserveAttempts(
      app.db.orm,
      device
        ? [{ scope: 'recoveryDevice', value: `${named}\0${device}`, limit: RECOVERY_LIMITS.recoveryDevice }]
        : [
            { scope: 'recoveryIdentifierAddress', value: `${named}\0${address}`, limit: RECOVERY_LIMITS.recoveryIdentifierAddress },
            {
              scope: 'recoveryIdentifier',
              value: named,
              limit: RECOVERY_LIMITS.recoveryIdentifier,
              windowMs: RECOVERY_IDENTIFIER_WINDOW_MS,
            },
            { scope: 'recoveryAddress', value: address, limit: RECOVERY_LIMITS.recoveryAddress },
          ],
    )
    if (!reservation.granted) {
      const what = reservation.scope === 'recoveryAddress' ? 'a partir desta rede' : 'para estes dados'
      throw tooManyRequests(`Muitos pedidos de recuperação de senha ${what}.`, reservation.retryAfterSeconds)
    }
    const { origin, brand } = mailLinkBaseFor(app, request)
    // Queued before the answer (durable), looked up by the sender after it (no timing tells).
    await queuePasswordReset(app.db.orm, { identifier, origin, brand })
    app.mail.wake()
    return { detail: RECOVERY_REQUESTED }
  })

  /** SPEC §7 reset-password: the link's token and the new password; every session ends. */
  contractRoute(app, contract.resetPassword, async ({ query, body, request }) => {
    const reservation = await reserveAttempts(app.db.orm, [
      { scope: 'resetAddress', value: addressGroup(request.ip), limit: RECOVERY_LIMITS.resetAddress },
    ])
    if (!reservation.granted) {
      throw tooManyRequests('Muitas tentativas de redefinir a senha a partir desta rede.', reservation.retryAfterSeconds)
    }
    // Checked before the (deliberately slow) hash, so a wrong link costs no hashing.
    if (!(await findUsableToken(app.db.orm, 'password_reset', query.token))) throw badRequest(RESET_FAILED)
    // The use itself re-checks in one update: of two requests with one link, one wins.
    if (!(await resetPasswordWithToken(app.db.orm, query.token, await hashPassword(body.new_password)))) throw badRequest(RESET_FAILED)
    return { detail: PASSWORD_RESET }
  })
}
