// The server's peak memory (issue 7 item 8): `node server/main.ts` as `npm run serve`
// starts it, on a fresh DATA_DIR (first start: cluster, migrations, demo seed) and again
// on the same directory (restart), each stopped once /healthz answers. Peak = the
// kernel's VmHWM of the process (Linux).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The flags `npm start` / `npm run serve` give node (package.json). */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=8']

async function peakOfOneStart(dataDir: string, port: number): Promise<{ peakMb: number | null; seconds: number }> {
  const started = performance.now()
  // The embedded engine always: that is what a first `npm start` sets up.
  const { DATABASE_URL: _postgres, ...env } = process.env
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
      if (healthy) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const seconds = (performance.now() - started) / 1000
    let peakMb: number | null = null
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
    } catch {
      // Not Linux: no VmHWM.
    }
    return { peakMb, seconds }
  } finally {
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }
}

export async function serverPeakMemory(port = 18_231) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-memory-'))
  try {
    const first = await peakOfOneStart(dataDir, port)
    const restart = await peakOfOneStart(dataDir, port)
    return { first, restart }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
