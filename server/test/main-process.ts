import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url))

export interface MainProcess {
  child: ChildProcess
  /** `http://127.0.0.1:<port>`, from the line the server prints when it listens. */
  base: string
  exited: Promise<unknown>
  /** Kills it (SIGKILL) unless it has exited, and waits for the exit: for a test's cleanup. */
  kill(): Promise<void>
}

/**
 * server/main.ts as a real process (a restart, a crash, several processes on one database):
 * on 127.0.0.1, a port of its own, `env` on top of PATH and the defaults below.
 */
export async function startMainProcess(env: Record<string, string>): Promise<MainProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const match = /Portal em (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
    if (match) return { child, base: match[1]!, exited, kill }
    if (child.exitCode !== null) throw new Error(`server exited: ${err}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await kill()
  throw new Error('server did not start')
}
