import fp from 'fastify-plugin'
import { openDatabase, type Database } from '../db/client.ts'
import { seedDemo } from '../db/seed.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

export interface DbPluginOptions {
  /** A database owned by the caller (tests): used as is, not migrated, not closed. */
  database?: Database
}

/**
 * Opens and migrates the configured database (D3), seeds the demo school when SEED_DEMO
 * is on, and closes it last when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const { config } = app
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
      }))
    app.decorate('db', database)
    app.log.info({ engine: database.engine }, 'database ready')
    if (!options.database) app.addHook('onClose', () => database.close())

    if (config.seedDemo) {
      const { createdUsers } = await seedDemo(database.orm)
      if (createdUsers > 0) app.log.info({ createdUsers }, 'demo school seeded')
    }
  },
  { name: 'db', fastify: '5.x' },
)
