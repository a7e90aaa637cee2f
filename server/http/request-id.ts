import { randomUUID } from 'node:crypto'
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify'

/**
 * Every request has an id that follows it from the load balancer to the student's screen: an
 * incoming `X-Request-Id` of a safe shape is kept (a proxy or the load balancer that made it
 * finds the same id in our logs), anything else gets a new UUID. The id is on every log line
 * of the request (Fastify's `reqId`), echoed in the answer's `X-Request-Id`, and in the body
 * of every 5xx as `request_id`, which the app shows as "Código do erro" (issue 39 item 2).
 */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * 8–128 letters, digits and `._:-`: a UUID, a trace id, an AWS or Heroku request id. Nothing
 * else reaches a log line: no spaces, quotes, newlines or markup.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** The incoming id when it has a safe shape (one header only; a repeated one is refused). */
export function incomingRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value) ? value : undefined
}

/** Fastify's `genReqId`: the incoming id or a new one. */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  return incomingRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID()
}

/** Echoes the id on every answer, errors and static files included. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id)
  })
}
