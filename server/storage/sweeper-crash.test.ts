import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../db/seed.ts'
import { startMainProcess, type MainProcess } from '../test/main-process.ts'
import { firstActivityOf, partialBytes, startSlowUpload } from '../test/slow-upload.ts'

/**
 * server/main.ts as a real process killed mid-upload (issue 36 item 6): what it left
 * in DATA_DIR/files/.partial is gone once the next process has swept, at its start.
 */
const MB = 1024 * 1024
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startServer(dataDir: string): Promise<MainProcess> {
  const server = await startMainProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true' })
  cleanups.push(server.kill)
  return server
}

async function studentToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/login/access-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'aluno@example.com', password: DEMO_PASSWORD }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

describe('a server killed mid-upload', () => {
  it('leaves 0 bytes in .partial once the next process has swept', { timeout: 300_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-crash-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const files = path.join(dataDir, 'files')

    const first = await startServer(dataDir)
    const token = await studentToken(first.base)
    const activity = await firstActivityOf(first.base, token)
    // Three uploads of 8 MB each, stopped after 3 MB: on disk, none finished.
    const uploads = await Promise.all([0, 1, 2].map(() => startSlowUpload(first.base, token, activity, 8 * MB)))
    for (const upload of uploads) await upload.more(3 * MB)
    await expect.poll(() => partialBytes(files), { timeout: 30_000 }).toBeGreaterThanOrEqual(3 * 2 * MB)

    first.child.kill('SIGKILL')
    await first.exited
    for (const upload of uploads) upload.destroy()
    const left = await partialBytes(files)
    expect(left).toBeGreaterThanOrEqual(3 * 2 * MB)

    // The next process (the same DATA_DIR, as after a restart) sweeps at start.
    const second = await startServer(dataDir)
    await expect.poll(() => partialBytes(files), { timeout: 30_000 }).toBe(0)

    // And it still takes uploads: one sent whole is stored.
    const upload = await startSlowUpload(second.base, await studentToken(second.base), activity, MB)
    const answer = await upload.finish()
    expect(answer.status, answer.body).toBe(201)
    expect(await partialBytes(files)).toBe(0)
  })
})
