// Issue 36 item 6's figure against the real server (server/main.ts) on a temp DATA_DIR,
// loopback only, bounded, stops by itself: six uploads killed mid-stream (SIGKILL of the
// server), then the next start's sweep; the bytes left in DATA_DIR/files/.partial before
// and after. A figure, never pass/fail.
// Run: `npx node bench/attack-files.ts`; bench/run.ts may call runFilesAttackBench().
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PASSWORD } from '../server/db/seed.ts'
import { firstActivityOf, partialBytes, startSlowUpload } from '../server/test/slow-upload.ts'
import { startServer, stopServer, type AttackServer } from './attack-server.ts'

const MB = 1024 * 1024
const UPLOADS = 6
/** Each declares 8 MB and stops after 4 MB: about what the attacker left (22.9 MB for six). */
const DECLARED = 8 * MB
const SENT = 4 * MB
const SWEEP_WAIT_MS = 60_000

export interface FilesAttackFigures {
  uploads: number
  partialBytesAfterCrash: number
  partialBytesAfterSweep: number
  sweepMs: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/login/access-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'aluno@example.com', password: DEMO_PASSWORD }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

export async function runFilesAttackBench(): Promise<FilesAttackFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-files-'))
  const files = join(dataDir, 'files')
  let second: AttackServer | null = null
  try {
    const first = await startServer(dataDir)
    const bearer = await token(first.base)
    const activity = await firstActivityOf(first.base, bearer)
    const uploads = await Promise.all(Array.from({ length: UPLOADS }, () => startSlowUpload(first.base, bearer, activity, DECLARED)))
    await Promise.all(uploads.map((upload) => upload.more(SENT)))
    // Until the server has written (nearly) all that was sent, or 30 s.
    for (let waited = 0; waited < 30_000 && (await partialBytes(files)) < UPLOADS * SENT * 0.9; waited += 100) await sleep(100)
    first.child.kill('SIGKILL')
    await first.exited
    for (const upload of uploads) upload.destroy()
    const partialBytesAfterCrash = await partialBytes(files)

    // The restart sweeps at start; the figure is read once it has (or after SWEEP_WAIT_MS).
    const restarted = performance.now()
    second = await startServer(dataDir)
    let after = await partialBytes(files)
    for (let waited = 0; waited < SWEEP_WAIT_MS && after > 0; waited += 100) {
      await sleep(100)
      after = await partialBytes(files)
    }
    return { uploads: UPLOADS, partialBytesAfterCrash, partialBytesAfterSweep: after, sweepMs: performance.now() - restarted }
  } finally {
    if (second) await stopServer(second)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printFilesAttackFigures(figures: FilesAttackFigures): void {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
  console.log(`uploads killed mid-stream (SIGKILL): ${figures.uploads}, leaving ${mb(figures.partialBytesAfterCrash)} in .partial`)
  console.log(
    `.partial bytes after crash + sweep: ${figures.partialBytesAfterSweep} (restart and sweep within ${Math.round(figures.sweepMs)} ms)`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printFilesAttackFigures(await runFilesAttackBench())
}
