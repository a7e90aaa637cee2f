// Starts the real server for the e2e run: built app from dist/, embedded database in a
// fresh temporary DATA_DIR (demo school seeded), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
process.env.DATA_DIR = dataDir
// E2E always runs on the embedded database; server tests cover PostgreSQL.
delete process.env.DATABASE_URL
process.env.HOST ??= 'localhost'
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

await import('../../server/main.ts')
