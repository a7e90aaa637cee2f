import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/app.ts'
import { users } from '../areas/users/schema.ts'
import { DEMO_ACCOUNTS } from './seed.ts'

describe('PostgreSQL', () => {
  it('lets several servers migrate one database at once (advisory lock, D4)', async () => {
    const db = await createTestDatabase()
    try {
      await Promise.all([db.migrate(), db.migrate(), db.migrate()])
      expect(await db.ping()).toBe(true)
      const [row] = await db.orm.select({ n: count() }).from(users)
      expect(row!.n).toBe(DEMO_ACCOUNTS.length)
    } finally {
      await db.close()
    }
  })
})
