import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errorBody } from './http/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks the process as leaving: /readyz answers 503 from now on (server/main.ts, on SIGTERM). */
    startDraining(): void
  }
}

export const NOT_READY = 'O servidor não está pronto para atender.'

/** A storage check is a write: at most one every this long, the answer in between remembered. */
const STORAGE_CHECK_EVERY_MS = 15_000

/**
 * Two probes for the load balancer and the orchestrator (issue 39 item 3):
 * - GET /healthz, liveness: the process runs and its database answers. A failing one is
 *   restarted or taken out (D4).
 * - GET /readyz, readiness: this process may take requests now. 503 while the database does
 *   not answer, migrations are pending (a newer build migrating, a database restored from an
 *   older backup), the file storage cannot be written, or the process is draining: on SIGTERM
 *   readiness flips first, so the load balancer stops sending before the server closes.
 * Each says which check failed in `checks`, never a secret or a connection string.
 */
async function healthRoutes(app: FastifyInstance) {
  let draining = false
  app.decorate('startDraining', () => {
    draining = true
  })
  let storage: { ok: boolean; at: number } | undefined

  async function storageWritable(): Promise<boolean> {
    const now = Date.now()
    if (storage && now - storage.at < STORAGE_CHECK_EVERY_MS) return storage.ok
    let ok = false
    try {
      const { key } = await app.fileStorage.put(Readable.from([Buffer.from('readyz')]), { mediaType: 'text/plain' })
      await app.fileStorage.delete(key)
      ok = true
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: file storage not writable')
    }
    storage = { ok, at: now }
    return ok
  }

  app.get('/healthz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (await app.db.ping()) return { status: 'ok' }
    return unavailable(request, reply, { database: false })
  })

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    const database = await app.db.ping()
    const migrations = database && (await app.db.pendingMigrations().catch(() => 1)) === 0
    const checks = { database, migrations, storage: await storageWritable(), draining }
    if (database && migrations && checks.storage && !draining) return { status: 'ready', checks }
    return unavailable(request, reply, checks)
  })
}

// Not encapsulated: `startDraining` is the whole app's (server/main.ts calls it on SIGTERM).
export default fp(healthRoutes, { name: 'health', dependencies: ['db', 'file-storage'], fastify: '5.x' })

function unavailable(request: FastifyRequest, reply: FastifyReply, checks: Record<string, boolean>) {
  return reply.code(503).send({ status: 'unavailable', checks, ...errorBody(503, NOT_READY, request) })
}
