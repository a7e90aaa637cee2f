import { verify } from '@node-rs/argon2'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/password.ts'
import { createTestDatabase } from '../test/app.ts'
import type { Database } from './client.ts'
import { companies } from './schema/companies.ts'
import { driveUsers } from './schema/drive-users.ts'
import { users } from './schema/users.ts'
import { DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_PASSWORD, DEMO_SIBLINGS_CPF, seedDemo } from './seed.ts'

let db: Database
beforeAll(async () => {
  // The template is already seeded once (server/test/global-setup.ts).
  db = await createTestDatabase()
})
afterAll(() => db.close())

const demoEmails = DEMO_ACCOUNTS.map((account) => account.email)

async function snapshot() {
  const [userCount] = await db.orm.select({ n: count() }).from(users).where(inArray(users.email, demoEmails))
  const [companyCount] = await db.orm.select({ n: count() }).from(companies).where(eq(companies.name, DEMO_COMPANY.name))
  const [driveUserCount] = await db.orm.select({ n: count() }).from(driveUsers)
  return { users: userCount!.n, companies: companyCount!.n, driveUsers: driveUserCount!.n }
}

describe('seedDemo', () => {
  it('is idempotent: seeding again keeps one row per demo account', async () => {
    expect(await snapshot()).toEqual({ users: 4, companies: 1, driveUsers: 4 })
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 0 })
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 0 })
    expect(await snapshot()).toEqual({ users: 4, companies: 1, driveUsers: 4 })
  })

  it('seeds complete profiles with argon2id hashes of the demo password', async () => {
    const rows = await db.orm.select().from(users).where(inArray(users.email, demoEmails))
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^\$argon2id\$/)
      expect(await verify(row.passwordHash!, DEMO_PASSWORD)).toBe(true)
      for (const field of ['email', 'cpf', 'fullName', 'phone', 'cep', 'street', 'streetNumber'] as const) expect(row[field]).toBeTruthy()
      expect(row.updatedAt).toBeInstanceOf(Date)
    }
    expect(rows.find((row) => row.email === 'gestor@example.com')?.role).toBe('manager')
    expect(rows.find((row) => row.email === 'aluno@example.com')).toMatchObject({ role: 'student', isClub: true, fullName: 'Ana Beatriz Souza' })
    const siblings = rows.filter((row) => row.cpf === DEMO_SIBLINGS_CPF).map((row) => row.fullName)
    expect(siblings.sort()).toEqual(['Lucas Pereira', 'Marina Pereira'])
  })

  it('links every demo account to the demo school (escola_id 2)', async () => {
    const rows = await db.orm
      .select({ email: users.email, escolaId: companies.escolaId })
      .from(users)
      .innerJoin(driveUsers, eq(driveUsers.userId, users.id))
      .innerJoin(companies, eq(companies.id, driveUsers.companyId))
      .where(inArray(users.email, demoEmails))
    expect(rows.map((row) => row.email).sort()).toEqual([...demoEmails].sort())
    expect(new Set(rows.map((row) => row.escolaId))).toEqual(new Set([2]))
  })

  it('never resets a password someone changed', async () => {
    const changed = await hashPassword('changed-by-the-student')
    await db.orm.update(users).set({ passwordHash: changed }).where(eq(users.email, 'aluno@example.com'))
    await seedDemo(db.orm)
    const [row] = await db.orm.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'aluno@example.com'))
    expect(row!.passwordHash).toBe(changed)
  })

  it('recreates a demo account that was deleted, and only that one', async () => {
    await db.orm.delete(users).where(eq(users.email, 'marina.pereira@example.com'))
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 1 })
    expect(await snapshot()).toEqual({ users: 4, companies: 1, driveUsers: 4 })
  })
})

describe('schema rules', () => {
  it('keeps e-mails lower-case and unique, CPFs digits-only and shareable (D9)', async () => {
    await expect(db.orm.insert(users).values({ email: 'Upper@example.com' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ email: 'aluno@example.com' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ cpf: '123.456.789-09' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ cpf: DEMO_SIBLINGS_CPF })).resolves.toBeDefined()
  })
})
