// The API as `npm start` runs it, plus two reference routes served by the same process:
// an empty route and a bare single-row SELECT on the same database engine. Started by
// bench/run.ts; prints "ready <port>" when listening.
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
  LOG_LEVEL: 'warn',
})
const app = await buildApp(config)
app.get('/__bench/empty', async () => ({}))
app.get('/__bench/select', async () => {
  const result = (await app.db.orm.execute(sql`select id, full_name from users order by id limit 1`)) as { rows: unknown[] }
  return { rows: result.rows.length }
})
await app.listen({ port: config.port, host: '127.0.0.1' })
const address = app.server.address()
console.log(`ready ${typeof address === 'object' && address ? address.port : config.port} ${app.db.engine}`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
