import { timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { pushQueueState } from '../areas/push/repository.ts'
import { NOT_FOUND, unauthorized } from '../http/errors.ts'
import { mailQueueState } from '../mail/queue.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT's own listener answers (tests read its port); null without it. */
    metricsAddress: AddressInfo | null
  }
}

/** The latency buckets, in seconds: our answers aim at tens of milliseconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * Prometheus metrics at GET /metrics (issue 39 item 4), in prom-client's text format: request
 * count and latency per route and status, the writes phones' outboxes send (requests with an
 * Idempotency-Key), the push and e-mail queues' depth and oldest age, the database pool
 * (PostgreSQL) and Node's own (event-loop lag, memory, CPU). Closed unless METRICS_TOKEN is set
 * (a scraper's bearer token) or METRICS_PORT gives it a port of its own; closed, nothing is
 * measured, so a process without metrics pays nothing for them.
 *
 * A route is its pattern (`/api/v1/push-notifications/:auth/`), never the address asked for:
 * no id, token or query string reaches a label, and the number of series stays bounded.
 */
async function metrics(app: FastifyInstance) {
  const { metricsToken, metricsPort } = app.config
  app.decorate('metricsAddress', null)
  if (metricsToken === null && metricsPort === null) {
    app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => reply.code(404).send({ detail: NOT_FOUND }))
    return
  }

  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  })
  const receipts = new Counter({
    name: 'outbox_receipts_total',
    help: "Writes sent from a phone's outbox (requests with an Idempotency-Key), by route pattern and status.",
    labelNames: ['route', 'status'],
    registers: [registry],
  })
  const queueGauge = (name: string, help: string) => new Gauge({ name, help, labelNames: ['queue'], registers: [registry] })
  const depth = queueGauge('queue_depth', 'Items waiting to be sent: push deliveries, e-mails.')
  const age = queueGauge('queue_oldest_age_seconds', 'Age of the oldest item waiting; 0 when none waits.')
  const failedMail = new Gauge({
    name: 'mail_failed',
    help: 'E-mails given up after their last attempt, kept until they expire.',
    registers: [registry],
  })
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
  })

  /** The queues and the pool, read when scraped, not on every request. */
  async function collectState(): Promise<void> {
    const [push, mail] = await Promise.all([pushQueueState(app.db.orm), mailQueueState(app.db.orm)])
    depth.set({ queue: 'push' }, push.queued)
    age.set({ queue: 'push' }, (push.oldestQueuedMs ?? 0) / 1000)
    depth.set({ queue: 'mail' }, mail.pending)
    age.set({ queue: 'mail' }, (mail.oldestPendingMs ?? 0) / 1000)
    failedMail.set(mail.failed)
    const stats = app.db.poolStats()
    if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value)
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const labels = { method: request.method, route, status: String(reply.statusCode) }
    requests.inc(labels)
    duration.observe(labels, reply.elapsedTime / 1000)
    if (request.headers['idempotency-key'] !== undefined) receipts.inc({ route, status: labels.status })
  })

  async function answer(reply: FastifyReply | http.ServerResponse): Promise<void> {
    await collectState()
    const text = await registry.metrics()
    if ('code' in reply) {
      await reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store').send(text)
      return
    }
    reply.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text)
  }

  if (metricsToken !== null) {
    const expected = Buffer.from(`Bearer ${metricsToken}`)
    app.get('/metrics', { logLevel: 'warn' }, async (request: FastifyRequest, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized()
      await answer(reply)
    })
  } else {
    app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => reply.code(404).send({ detail: NOT_FOUND }))
  }

  if (metricsPort !== null) {
    // Its own listener: only /metrics, no token (the port is for the scraper alone).
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: NOT_FOUND }))
        return
      }
      answer(response).catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics failed')
        if (!response.headersSent) response.writeHead(500)
        response.end()
      })
    })
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(metricsPort, app.config.host, () => resolve())
      })
      app.metricsAddress = server.address() as AddressInfo
    })
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    })
  }
}

export default fp(metrics, { name: 'metrics', dependencies: ['db'], fastify: '5.x' })
