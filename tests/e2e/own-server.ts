// A server of a spec's own (tests/e2e/serve.ts in a child process, a fresh embedded database
// with the demo school) for settings the shared one runs without: a Sentry DSN, the chat…
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'

/** Listens on `port` (0: any) and closes again; the port it got, or null when it is taken. */
async function probePort(port: number): Promise<number | null> {
  const probe = createServer()
  const bound = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (!bound) return null
  const { port: got } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return got
}

/**
 * A free port whose next one is free too: serve.ts answers the push stand-in's controls on
 * PORT + 1, and an ephemeral port of some connection sat there once in CI (EADDRINUSE, 2026-11-28).
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort(0)
    if (port !== null && port < 65535 && (await probePort(port + 1)) !== null) return port
  }
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
