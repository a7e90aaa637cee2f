// Starts the real server for the e2e run: built app from dist/, embedded database in a
// fresh temporary DATA_DIR (demo school seeded), removed when the run ends, and the
// postal-code service pointed at a local stand-in (D18: tests never call the real one).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCepStandIn } from './stand-ins/cep.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
process.env.DATA_DIR = dataDir
// E2E always runs on the embedded database; server tests cover PostgreSQL.
delete process.env.DATABASE_URL
process.env.HOST ??= 'localhost'
process.env.CEP_SERVICE_URL = (await startCepStandIn()).url
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

await import('../../server/main.ts')
