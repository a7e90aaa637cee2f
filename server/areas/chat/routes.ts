import { createHmac } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { chatSettings } from '../../config.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError } from '../../http/errors.ts'

export const CHAT_NOT_CONFIGURED = 'O chat de atendimento não está disponível.'

/** The identifier Chatwoot knows the student by: the account's id, stable across devices and e-mail changes. */
export function chatIdentifier(userId: number): string {
  return String(userId)
}

/**
 * GET /chatwoot-token/me/ (SPEC §7, D19): the student's chat identity, its hash the
 * HMAC-SHA256 of the identifier with the inbox's secret, so Chatwoot knows the conversation
 * is really this student's. Without chat configured: 404.
 */
export default async function chatRoutes(app: FastifyInstance) {
  const settings = chatSettings(app.config)
  contractRoute(app, contract.chatwootToken, async ({ caller }) => {
    if (!settings) throw new HttpError(404, CHAT_NOT_CONFIGURED)
    const identifier = chatIdentifier(caller.id)
    return { identifier, identifier_hash: createHmac('sha256', settings.hmacSecret).update(identifier).digest('hex') }
  })
}
