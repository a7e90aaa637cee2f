import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, openDatabase } from './client.ts'
import { users } from './schema/users.ts'

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
