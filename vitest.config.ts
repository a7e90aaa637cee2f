import { globSync, readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * Unit tests (src/) and server tests (server/). Server tests run on PGlite always and on
 * PostgreSQL too when DATABASE_URL is set (DESIGN.md "Server"); each file gets its own
 * database cloned from one migrated template (server/test/global-setup.ts).
 */
const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

/**
 * Server files whose cases cannot depend on the engine run once, on PGlite (issue 35): those
 * that open no database (pure functions, configuration, storage and mail stand-ins, and
 * main.test.ts, which starts server/main.ts as a process on its own embedded database), and
 * those that open one only to build the app around what they test, the HTTP connection and
 * the built app's static files. Every other server file runs on both.
 */
const OPENS_A_DATABASE = /test\/app\.ts|test\/accounts\.ts|db\/client\.ts|'testDatabase'/
/** Read from the files only when the PostgreSQL project runs. */
function engineIndependentFiles(): string[] {
  return [
    ...globSync('server/**/*.test.ts').filter((file) => !OPENS_A_DATABASE.test(readFileSync(file, 'utf8'))),
    'server/http/connections.test.ts',
    'server/plugins/static-app.test.ts',
    'server/plugins/static-app-shells.test.ts',
  ]
}

export default defineConfig({
  test: {
    // Tests must not depend on each other's order (issue 8 item 6): files and tests run
    // shuffled; a failing order is reproduced with the seed vitest prints (`--sequence.seed`).
    sequence: { shuffle: true },
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine, idle
    // whenever a test waits for PostgreSQL or a timer (issue 35).
    maxWorkers: 2,
    reporters: ['default', './scripts/test-report/vitest-slowest.ts'],
    // `npm run coverage`: line and branch coverage of the app and the server (V8's own counters),
    // so a change to how the tests run can show it tests no less (issue 35).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', 'server/test/**', 'server/db/migrations/**', 'src/app/route-tree.gen.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      ...engines.map((engine) => ({
        test: {
          name: `server-${engine}`,
          include: ['server/**/*.test.ts'],
          // Engine-specific files (`x.pglite.test.ts`, `x.postgres.test.ts`) run only on their engine.
          exclude: engine === 'pglite' ? ['server/**/*.postgres.test.ts'] : ['server/**/*.pglite.test.ts', ...engineIndependentFiles()],
          environment: 'node',
          // Server files share their worker's modules (they mock nothing and change no module
          // state): Fastify, Drizzle and the app's routes are imported once per worker, not
          // once per file, which was half of these files' time; threads start and talk to the
          // runner faster than forks (issue 35, docs/testing.md).
          pool: 'threads' as const,
          isolate: false,
          globalSetup: ['server/test/global-setup.ts'],
          env: { TEST_DB_ENGINE: engine },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
})
