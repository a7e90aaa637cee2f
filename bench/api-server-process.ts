import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { SERVER_NODE_FLAGS } from './memory.ts'

/**
 * bench/api-server.ts as a process of its own, with the server's production Node flags: for
 * `npm run bench` and `npm run bench:scale`. Resolves once it prints `ready <port> <engine>`.
 */
export async function startBenchServer(
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; url: string; engine: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'bench/api-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    const match = /^ready (\d+) (\w+)/.exec(line)
    if (match) {
      // The request logs keep coming (at info, as in production): read and drop them.
      lines.close()
      child.stdout!.resume()
      return { child, url: `http://127.0.0.1:${match[1]}`, engine: match[2]! }
    }
  }
  throw new Error('bench server did not start')
}

/** SIGTERM and its exit (nothing when it has exited already). */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
