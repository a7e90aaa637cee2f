import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { checkDataDir, ConfigError, loadConfig, type Config } from './config.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.ts'

/**
 * Starts the server (`npm run serve`): load the configuration, build, listen, and on
 * SIGTERM/SIGINT stop accepting, let in-flight requests finish and close the database.
 */
/** In-flight requests get this long to finish on SIGTERM; then their connections are cut (F5). */
const SHUTDOWN_GRACE_MS = 1500
/** A close that still hangs (a database that does not answer) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 5000

function loadConfigOrExit(): Config {
  try {
    const config = loadConfig(process.env)
    // Fail at once with the reason, not later inside PGlite (issue 8).
    checkDataDir(config.dataDir)
    return config
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const app = await buildApp(config)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    // Port taken, database unreachable…: release the database (and its lock) before exiting.
    await app.close().catch(() => {})
    throw error
  }
  installShutdown(app, config.shutdownDrainMs)

  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(`Portal em http://${host}:${port}`)
  if (config.seedDemo) {
    const accounts = DEMO_ACCOUNTS.map((account) => account.email).join(', ')
    console.log(`Contas de demonstração (senha ${DEMO_PASSWORD}): ${accounts}; irmãos pelo CPF 123.456.789-09`)
  }
  if (app.mail.kind === 'outbox' && !config.production) console.log(`E-mails da demonstração: http://${host}:${port}/dev/outbox`)
  if (config.seedDemo && !config.production) console.log(`Livros sem dono (QR codes): http://${host}:${port}/dev/books`)
}

function installShutdown(app: FastifyInstance, drainMs: number): void {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl-C means "now".
      app.log.warn({ signal }, 'forced exit')
      process.exit(1)
    }
    closing = true
    // Readiness flips first: the load balancer stops sending while this process still
    // answers what it already sent (SHUTDOWN_DRAIN_MS), then the server closes.
    app.startDraining()
    app.log.info({ signal, drainMs }, 'shutting down')
    if (drainMs > 0) setTimeout(() => close(app), drainMs)
    else close(app)
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/** Stops accepting, lets in-flight requests finish and closes the database (F5). */
function close(app: FastifyInstance): void {
  // Idle keep-alive sockets close at once and answers in flight carry `Connection: close`
  // (server/http/connections.ts); whatever is still open after the grace is cut.
  setTimeout(() => {
    app.log.warn('shutdown grace over; closing the remaining connections')
    app.server.closeAllConnections()
  }, SHUTDOWN_GRACE_MS).unref()
  setTimeout(() => {
    app.log.error('shutdown timed out; exiting')
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS).unref()
  app.close().then(
    () => {
      app.log.info('closed')
      process.exit(0)
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    },
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') console.error(error.stack)
  process.exit(1)
})
