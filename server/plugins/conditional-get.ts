import { hash } from 'node:crypto'
import fp from 'fastify-plugin'

/** A weak validator (RFC 9110 §8.8.3): the same for the identity, gzip and brotli bodies. */
export function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored on both sides. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === opaque
  })
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType)
}

/**
 * Conditional GET for JSON answers (issue 7 §1): every successful GET carries an ETag of
 * its body, and a request whose If-None-Match names it gets 304 with no body: the offline
 * sync re-checks an unchanged entity for a few hundred bytes instead of downloading it
 * (students pay for their data). API answers stay `Cache-Control: no-store` (app.ts): the
 * client keeps the ETag next to the data in Dexie, not in the HTTP cache.
 *
 * Registered before compression: this hook must see the JSON text, not the compressed
 * stream (@fastify/compress's per-route onSend runs after every global one).
 *
 * Why not @fastify/etag (issue 40 item 14): it tags every answer whatever its method or status
 * (an error body, a POST's answer would get an ETag and could be answered 304) and compares
 * If-None-Match with its one ETag as a whole string, so a list of tags or the weak `W/` form a
 * client sends back (RFC 9110 §13.1.2) misses. The rules here are the RFC's, in 20 lines.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload
      // Only answers that are the entity: never errors, redirects or partial content.
      if (reply.statusCode !== 200) return payload
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
      if (!isJson(reply.getHeader('content-type'))) return payload
      const etag = etagOf(payload)
      reply.header('ETag', etag)
      if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload
      reply.code(304)
      reply.removeHeader('content-type')
      reply.removeHeader('content-length')
      return null
    })
  },
  { name: 'conditional-get', fastify: '5.x' },
)
