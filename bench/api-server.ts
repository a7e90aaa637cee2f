// The API as `npm start` runs it (same node flags, logs at info, request ids and metrics on), plus two reference
// routes served by the same process: an empty route and a bare route doing one indexed
// SELECT (a user by primary key) on the same database engine. Started by bench/run.ts;
// prints "ready <port> <engine>" when listening.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-')),
  PORT: process.env.PORT ?? '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // Metrics on, as an operator runs it (issue 39): every answer is counted and timed.
  METRICS_TOKEN: process.env.METRICS_TOKEN ?? 'bench-metrics-token-0123',
})
const app = await buildApp(config)
app.get('/__bench/empty', async () => ({}))
app.get('/__bench/select', async () => {
  const result = (await app.db.orm.execute(sql`select id, full_name, email from users where id = ${1}`)) as { rows: unknown[] }
  return { rows: result.rows.length }
})
await app.listen({ port: config.port, host: '127.0.0.1' })
const address = app.server.address()
console.log(`ready ${typeof address === 'object' && address ? address.port : config.port} ${app.db.engine}`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
