import type { FastifyInstance } from 'fastify'

/**
 * GET /healthz for load balancers and orchestrators: 200 only while the database answers,
 * so a server that lost its database is taken out of rotation (D4).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (await app.db.ping()) return { status: 'ok' }
    return reply.code(503).send({ status: 'unavailable' })
  })
}
