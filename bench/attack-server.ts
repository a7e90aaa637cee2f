// The real server (server/main.ts) as the attack benches start it: a child process on a
// temp DATA_DIR with the demo school, loopback only, an ephemeral port, errors-only logs.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url))

export interface AttackServer {
  child: ChildProcess
  base: string
  /** Settles when the process has exited (after a stop, or a SIGKILL a bench sends itself). */
  exited: Promise<unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts it and answers once it says where it listens; `env` adds variables (TRUST_PROXY, SMTP_URL…). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<AttackServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    const match = /Portal em (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
    if (match) return { child, base: match[1]!, exited }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    await sleep(100)
  }
  child.kill('SIGKILL')
  throw new Error('server did not start within 180 s')
}

/** SIGTERM (the server drains), SIGKILL after 10 s; resolves once it has exited. */
export async function stopServer(server: Pick<AttackServer, 'child' | 'exited'>): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
  await server.exited
  clearTimeout(timer)
}
