import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase } from '../test/app.ts'
import type { Database, Db } from './client.ts'
import { prepareOnce } from './prepared.ts'
import { users } from '../areas/users/schema.ts'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const byId = (orm: Db) =>
  orm
    .select({ id: users.id, email: users.email, tokenVersion: users.tokenVersion, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)

describe('prepareOnce', () => {
  it('builds a statement once per database and answers what the plain query answers, call after call', async () => {
    const build = vi.fn(byId)
    const statement = prepareOnce(db.orm, 'test_user_by_id', build)
    expect(prepareOnce(db.orm, 'test_user_by_id', build)).toBe(statement)
    expect(build).toHaveBeenCalledTimes(1)

    const ids = (await db.orm.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(3)).map((row) => row.id)
    expect(ids.length).toBeGreaterThan(0)
    await db.orm
      .update(users)
      .set({ updatedAt: new Date('2026-03-01T12:00:00Z') })
      .where(eq(users.id, ids[0]!))
    // Past PostgreSQL's five custom plans, so the generic plan answers too.
    for (let round = 0; round < 4; round++) {
      for (const id of [...ids, 999_999]) {
        const plain = await byId(db.orm).execute({ id })
        expect(await statement.execute({ id })).toEqual(plain)
      }
    }
    const [first] = await statement.execute({ id: ids[0]! })
    expect(first!.updatedAt).toEqual(new Date('2026-03-01T12:00:00Z'))
  })

  it('sees rows written after it was prepared', async () => {
    const statement = prepareOnce(db.orm, 'test_user_by_id_fresh', byId)
    const [created] = await db.orm.insert(users).values({ email: 'preparado@example.com' }).returning({ id: users.id })
    expect(await statement.execute({ id: created!.id })).toEqual([
      { id: created!.id, email: 'preparado@example.com', tokenVersion: 0, updatedAt: null },
    ])
    await db.orm.update(users).set({ tokenVersion: 3 }).where(eq(users.id, created!.id))
    expect((await statement.execute({ id: created!.id }))[0]!.tokenVersion).toBe(3)
  })

  it('refuses a name that is not a plain identifier', () => {
    expect(() => prepareOnce(db.orm, 'x; drop table users', byId)).toThrow(/plain identifier/)
  })

  it('takes only integer or base64url text parameters on PGlite (EXECUTE quotes nothing); PostgreSQL binds any', async () => {
    const byEmail = prepareOnce(db.orm, 'test_user_by_email', (orm) =>
      orm
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, sql.placeholder('email'))),
    )
    const hostile = "x'); drop table users; --"
    if (db.engine === 'pglite') {
      await expect(byEmail.execute({ email: hostile })).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/integer or base64url text parameters only/) },
      })
      // A session id is such text: quoted, it finds nothing here and harms nothing.
      expect(await byEmail.execute({ email: 'AAAAAAAAAAAAAAAAAAAAAA' })).toEqual([])
    } else {
      expect(await byEmail.execute({ email: hostile })).toEqual([])
    }
    expect(await db.orm.$count(users)).toBeGreaterThan(0)
  })
})
