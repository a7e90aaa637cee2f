import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.ts'

/**
 * Starts the server (`npm run serve`): load the configuration, build, listen, and on
 * SIGTERM/SIGINT stop accepting, let in-flight requests finish and close the database.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env)
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
  installShutdown(app)

  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(`Portal em http://${host}:${port}`)
  if (config.seedDemo) {
    const accounts = DEMO_ACCOUNTS.map((account) => account.email).join(', ')
    console.log(`Contas de demonstração (senha ${DEMO_PASSWORD}): ${accounts}; irmãos pelo CPF 123.456.789-09`)
  }
}

function installShutdown(app: FastifyInstance): void {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl-C means "now".
      app.log.warn({ signal }, 'forced exit')
      process.exit(1)
    }
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
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
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') console.error(error.stack)
  process.exit(1)
})
