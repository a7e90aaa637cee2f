import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import demoBooksPage from './dev/books.ts'
import cambioClockPage from './dev/cambio.ts'
import campaignCodesPage from './dev/campaign-codes.ts'
import loginOrigensPage from './dev/login-origens.ts'
import outboxPage from './dev/outbox.ts'
import pixProviderPage from './dev/pix.ts'
import driveRoutes from './areas/drive-routes.ts'
import healthRoutes from './health.ts'
import apiDocsRoutes from './api-docs.ts'
import { PORTAL_BASE_PATH, type BasePaths } from './http/contract-route.ts'
import { connectionOptions, connectionsPlugin, DEFAULT_TIMEOUTS, type ConnectionTimeouts } from './http/connections.ts'
import { errorHandler, NOT_FOUND } from './http/errors.ts'
import { loggerOptions, OneLinePerRequest } from './http/logging.ts'
import { echoRequestId, requestIdOf } from './http/request-id.ts'
import authPlugin from './plugins/auth.ts'
import compression from './plugins/compression.ts'
import conditionalGet from './plugins/conditional-get.ts'
import dbPlugin from './plugins/db.ts'
import fileStorage from './plugins/file-storage.ts'
import type { FileStorage } from './storage/file-storage.ts'
import { seedDemoActivityFiles } from './areas/activities/seed.ts'
import { seedOverseasStudyFiles } from './areas/overseas-study/seed.ts'
import mail, { type MailPluginOptions } from './plugins/mail.ts'
import metrics from './plugins/metrics.ts'
import errorReports from './plugins/error-reports.ts'
import orderDeadlines from './plugins/order-deadlines.ts'
import payments, { type PaymentsPluginOptions } from './plugins/payments.ts'
import push, { type PushPluginOptions } from './plugins/push.ts'
import securityHeaders from './plugins/security-headers.ts'
import staticApp from './plugins/static-app.ts'
import uploads from './plugins/uploads.ts'
import fileSweeper from './storage/sweeper.ts'
import portalRoutes from './areas/portal-routes.ts'
import { resolveSecrets, type Secrets } from './secrets.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    secrets: Secrets
    basePaths: BasePaths
  }
}

export interface BuildAppOptions {
  /** A database the caller owns (tests); otherwise the configured one is opened. */
  db?: Database
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: { write(line: string): void }
  /** Another file storage than the local disk under DATA_DIR/files (server/plugins/file-storage.ts). */
  fileStorage?: FileStorage
  /** Shorter client timeouts (tests); DEFAULT_TIMEOUTS otherwise. */
  timeouts?: Partial<ConnectionTimeouts>
  /**
   * With SEED_DEMO, store the demo activities' files and the demo overseas-study requests'
   * passports at start (default true). Tests turn it
   * off (createTestApp) so storage starts empty, unless they read the demo's files.
   */
  seedDemoFiles?: boolean
  /** Another push service or sender settings (tests: the stand-in, short retries). */
  push?: PushPluginOptions
  /** Another card gateway than the sandbox (tests: one that counts its charges). */
  payments?: PaymentsPluginOptions
  /** Other mail sender settings (tests: short retries). */
  mail?: MailPluginOptions
}

/**
 * The whole server as one Fastify instance, not listening (fastify/demo style): tests use
 * `app.inject`, server/main.ts listens. Plugins first (db, auth, headers, static), then one
 * route module per area; routes come from the contract (server/http/contract-route.ts).
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const handleError = errorHandler(config.bodyLimitBytes)
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...loggerOptions,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One access-log line per request, at its end (server/http/logging.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    // The request's id: a safe incoming X-Request-Id or a new UUID (server/http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // request.ip and request.protocol from X-Forwarded-* only behind the configured proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ...connectionOptions(timeouts),
    // Errors raised before routing (a malformed URL) answer like every other (F6).
    frameworkErrors: (error, request, reply) => {
      // It sends the answer itself; the reply it returns is only thenable.
      void handleError(error, request, reply)
    },
    // A first start creates, migrates and seeds an embedded database: seconds on a slow
    // or busy machine, more than Fastify's default 10 s plugin budget allows.
    pluginTimeout: 120_000,
  })

  app.decorate('config', config)
  app.decorate('secrets', resolveSecrets(config))
  app.decorate('basePaths', { portal: PORTAL_BASE_PATH, drive: config.driveBasePath })

  echoRequestId(app)
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(notFoundHandler(app))
  app.addHook('onSend', async (request, reply) => {
    // API answers carry personal data and tokens (RFC 6749 §5.1): never cached.
    if (isApiPath(app, pathOf(request)) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
  })

  await app.register(connectionsPlugin, { timeouts })
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes })
  await app.register(dbPlugin, { database: options.db })
  await app.register(metrics)
  await app.register(errorReports)
  await app.register(authPlugin)
  await app.register(fileStorage, { storage: options.fileStorage })
  if (config.seedDemo && options.seedDemoFiles !== false) {
    // The demo activities' files need the storage just chosen (server/areas/activities/seed.ts).
    const stored = await seedDemoActivityFiles(app.db.orm, app.fileStorage, new Date())
    if (stored > 0) app.log.info({ stored }, 'demo activity files stored')
    // And the demo overseas-study requests' passports.
    const passports = await seedOverseasStudyFiles(app.db.orm, app.fileStorage)
    if (passports > 0) app.log.info({ stored: passports }, 'demo knn-usa documents stored')
  }
  await app.register(uploads)
  await app.register(fileSweeper)
  await app.register(mail, options.mail ?? {})
  await app.register(push, options.push ?? {})
  await app.register(payments, options.payments ?? {})
  await app.register(orderDeadlines)
  await app.register(securityHeaders)
  await app.register(conditionalGet)
  await app.register(compression)
  await app.register(staticApp)

  await app.register(healthRoutes)
  await app.register(apiDocsRoutes)
  await app.register(portalRoutes)
  await app.register(driveRoutes)
  // The demo reads its e-mail here (D10); never in production.
  if (!config.production) await app.register(outboxPage)
  // The demo's empty books with their QR codes (D8); never in production.
  if (!config.production) await app.register(demoBooksPage)
  // The travel campaign's demo codes as printable QR codes (issue 14); never in production.
  if (!config.production) await app.register(campaignCodesPage)
  // The demo's Pix provider: pending charges and their confirmation (D13); never in production.
  if (!config.production) await app.register(pixProviderPage)
  // What partner landing pages brought to logins (D25); never in production.
  if (!config.production) await app.register(loginOrigensPage)
  // The câmbio quotes' clock for the browser tests; never in production.
  if (!config.production) await app.register(cambioClockPage)
  return app
}

/** TRUST_PROXY as a number of hops: the nearest `hops` proxies are believed. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops
}

function pathOf(request: FastifyRequest): string {
  const mark = request.url.indexOf('?')
  return mark === -1 ? request.url : request.url.slice(0, mark)
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`)
}

function isApiPath(app: FastifyInstance, path: string): boolean {
  return isUnder(path, '/api') || isUnder(path, app.basePaths.drive)
}

/**
 * Unknown API paths answer JSON 404 (D2). Any other GET from a browser (Accept: text/html)
 * gets the app shell, so deep links like /pedagogico/list work on reload (SPA fallback).
 */
function notFoundHandler(app: FastifyInstance) {
  return async function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request)
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
    if (app.servesApp && wantsPage && !isApiPath(app, path)) {
      return app.sendShell(request, reply)
    }
    return reply.code(404).send({ detail: NOT_FOUND })
  }
}
