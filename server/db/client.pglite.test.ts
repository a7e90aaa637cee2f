import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, openDatabase, openPglite } from './client.ts'
import { users } from '../areas/users/schema.ts'

// A persistent PGlite directory, as `npm run serve` uses it (D3). Slow (a fresh directory
// takes seconds), so only on the PGlite project.
describe('PGlite data directory', () => {
  it('persists across reopen, and refuses a second opener while open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-'))
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir })
      await first.orm.insert(users).values({ email: 'persistido@example.com' })
      await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toBeInstanceOf(DataDirLockedError)
      expect(await first.ping()).toBe(true)
      await first.close()
      expect(await first.ping()).toBe(false)

      const reopened = await openDatabase({ databaseUrl: null, dataDir })
      try {
        const [row] = await reopened.orm.select({ n: count() }).from(users)
        expect(row!.n).toBe(1)
      } finally {
        await reopened.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

const HOLDER = fileURLToPath(new URL('../test/hold-data-dir.ts', import.meta.url))

/** Starts hold-data-dir.ts on `dataDir` and resolves with its first line and the process. */
async function holder(dataDir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--liftoff-only', HOLDER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) return { child, line }
  throw new Error(`holder exited with ${child.exitCode} before a line`)
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill(signal)
  await exited
}

// Issue 8 F7: the lock dies with its process, whatever a file left behind says.
describe('data directory lock, between real processes', () => {
  it('refuses a second live process, and is free once the holder is killed, even if a stale lock file names a live PID', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'portal-lock-')), 'pglite')
    const children: ChildProcess[] = []
    try {
      const first = await holder(dataDir)
      children.push(first.child)
      expect(first.line).toBe(`open ${first.child.pid}`)

      const second = await holder(dataDir)
      children.push(second.child)
      expect(second.line).toBe(
        `locked O banco em ${dataDir} está em uso pelo processo ${first.child.pid}; o PGlite aceita um único processo por diretório.`,
      )
      await once(second.child, 'exit')
      expect(second.child.exitCode).toBe(3)
      await expect(openPglite({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError)

      // The holder crashes; its PID goes to another program, which the old PID lock file names.
      await kill(first.child, 'SIGKILL')
      const otherProgram = spawn('sleep', ['60'])
      children.push(otherProgram)
      writeFileSync(`${dataDir}.lock`, String(otherProgram.pid))

      const third = await holder(dataDir)
      children.push(third.child)
      expect(third.line).toBe(`open ${third.child.pid}`)
    } finally {
      for (const child of children) await kill(child, 'SIGKILL')
      await rm(path.dirname(dataDir), { recursive: true, force: true })
    }
  }, 180_000)

  // A lock just released can stay bound a moment (a child being forked by another thread holds
  // a copy of its socket until its exec): an address that answers no PID is asked again.
  it('waits a moment for a holder that answers nothing, refuses it if it stays, and opens once it is gone', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'portal-lock-')), 'pglite')
    const first = await holder(dataDir)
    try {
      first.child.kill('SIGSTOP')
      await expect(openPglite({ dataDir })).rejects.toThrow(`O banco em ${dataDir} está em uso por outro processo`)
      setTimeout(() => first.child.kill('SIGKILL'), 300)
      const opened = await openPglite({ dataDir })
      await opened.close()
    } finally {
      await kill(first.child, 'SIGKILL')
      await rm(path.dirname(dataDir), { recursive: true, force: true })
    }
  }, 60_000)
})
