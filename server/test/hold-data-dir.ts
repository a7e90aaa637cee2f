// A separate process that opens a PGlite data directory and holds it until killed
// (server/db/client.pglite.test.ts): prints "open <pid>", or "locked <message>" and exits 3.
import { DataDirLockedError, openPglite } from '../db/client.ts'

try {
  await openPglite({ dataDir: process.argv[2]! })
  console.log(`open ${process.pid}`)
  setInterval(() => {}, 60_000)
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error
  console.log(`locked ${error.message}`)
  process.exit(3)
}
