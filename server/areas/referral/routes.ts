import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { addLead } from './repository.ts'
import { addressGroup, reserveAttempts } from '../auth/login-failures-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { tooManyRequests, validationFailed } from '../../http/errors.ts'

/**
 * The friend's referral form (issue 13, D25), public: validated by the contract
 * (422 with SPEC §5's texts), rate-limited per address and per code, de-duplicated by
 * e-mail and phone. The answer never depends on whether the e-mail is a student's.
 */

/** Referrals per 15 minutes: from one address (an IPv6 /64 is one), and for one code from anywhere. */
export const REFERRAL_LIMITS = { referralAddress: 10, referralCode: 20 } as const

export const REFERRAL_REGISTERED = 'Indicação enviada! Obrigado: a escola vai entrar em contato em breve.'
export const REFERRAL_DUPLICATE = 'Esta pessoa já foi indicada antes: a escola já tem o contato dela. Obrigado!'
export const REFERRAL_CODE_UNKNOWN = 'Código de indicação inválido: confira o link que você recebeu.'

export default async function referralRoutes(app: FastifyInstance) {
  contractRoute(app, contract.referral, async ({ body, request }) => {
    const reservation = await reserveAttempts(app.db.orm, [
      { scope: 'referralAddress', value: addressGroup(request.ip), limit: REFERRAL_LIMITS.referralAddress },
      { scope: 'referralCode', value: body.codigo, limit: REFERRAL_LIMITS.referralCode },
    ])
    if (!reservation.granted) {
      const what = reservation.scope === 'referralAddress' ? 'a partir desta rede' : 'com este link'
      throw tooManyRequests(`Muitas indicações enviadas ${what}.`, reservation.retryAfterSeconds)
    }
    const outcome = await addLead(app.db.orm, { codigo: body.codigo, nome: body.nome, telefone: body.telefone, email: body.email })
    if (outcome === 'codigoInvalido') {
      throw validationFailed([{ loc: ['body', 'codigo'], msg: REFERRAL_CODE_UNKNOWN, type: 'value_error' }])
    }
    return outcome === 'registrada'
      ? { detail: REFERRAL_REGISTERED, situacao: 'registrada' as const }
      : { detail: REFERRAL_DUPLICATE, situacao: 'ja_indicada' as const }
  })
}
