// A server of a spec's own (tests/e2e/serve.ts in a child process, a fresh embedded database
// with the demo school) for settings the shared one runs without: a Sentry DSN, the chat…
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function waitHealthy(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error('server did not start')
}

export interface OwnServer {
  origin: string
  stop(): Promise<void>
}

/** Starts serve.ts with `env` added and waits until it answers /healthz. */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    server.kill('SIGTERM')
    if (server.exitCode === null) await once(server, 'exit')
  }
  try {
    await waitHealthy(origin, server)
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, stop }
}
