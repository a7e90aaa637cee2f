import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { ResultadoPix } from '../../../src/contract/schemas/pix-webhook.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError } from '../../http/errors.ts'
import { receivePix } from './pix-webhook.ts'
import { WEBHOOK_SIGNATURE_HEADER, webhookSignatureValid } from './provider.ts'

/** 401: the delivery is not the provider's (no signature, a wrong one, too old, or no provider configured). */
export const WEBHOOK_NOT_SIGNED = 'Assinatura do webhook ausente ou inválida.'

/**
 * The payment provider's Pix webhook (D13). The signature covers the body's bytes as
 * they arrived, so this scope parses JSON itself and keeps them; it is checked before the
 * body is judged, so a stranger learns nothing from a 422. Encapsulated: the parser and the
 * hook apply to this route only.
 */
export default async function pixWebhookRoutes(app: FastifyInstance) {
  const received = new WeakMap<object, { bytes: Buffer; error: Error | null }>()
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const raw = bytes as Buffer
    void parseJson(request, raw.toString('utf8'), (error, value) => {
      // A malformed body is answered only once the signature holds (below).
      received.set(request, { bytes: raw, error: error ?? null })
      done(null, error ? undefined : value)
    })
  })
  app.addHook('preHandler', async (request) => {
    const secret = app.payments.webhookSecret
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER]
    const body = received.get(request)
    if (!secret || !webhookSignatureValid(secret, typeof header === 'string' ? header : undefined, body?.bytes, new Date())) {
      request.log.warn(secret ? 'pix webhook refused: bad signature' : 'pix webhook refused: no payment provider configured')
      throw new HttpError(401, WEBHOOK_NOT_SIGNED)
    }
    if (body?.error) throw body.error
  })

  contractRoute(app, contract.pixWebhook, async ({ body, request }) => {
    const resultados: { txid: string; resultado: ResultadoPix }[] = []
    // One after another: two entries for one instalment must not wait for each other's lock.
    for (const pix of body.pix) resultados.push({ txid: pix.txid, resultado: await receivePix(app.db.orm, pix, new Date(), request.log) })
    return { resultados }
  })
}
