import { verify } from '@node-rs/argon2'
import { count, eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPassword } from '../areas/auth/password.ts'
import { createTestDatabase } from '../test/app.ts'
import type { Database } from './client.ts'
import { companies } from '../areas/users/companies-schema.ts'
import { driveUsers } from '../areas/users/drive-users-schema.ts'
import { parcelas } from '../areas/instalments/schema.ts'
import { livros } from '../areas/books/schema.ts'
import { atividadesAthome, avaliacoes, notas, notasAthome } from '../areas/classes/grades-schema.ts'
import { preInvoiceItems, preInvoices } from '../areas/orders/schema.ts'
import { products } from '../areas/orders/products-schema.ts'
import { turmaAlunos, turmas } from '../areas/classes/schema.ts'
import { users } from '../areas/users/schema.ts'
import { addDays, addMonths, addYears } from './seed-school.ts'
import { TOUR_ROUTES } from '../../src/contract/schemas/tour.ts'
import { ALL_TOURS_SEEN, DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_PASSWORD, DEMO_SIBLINGS_CPF, seedDemo } from './seed.ts'
import { needsRegistrationUpdate, registrationUpdateReason } from '../../src/contract/registration-due.ts'
import { isMinorOn } from '../../src/contract/registration.ts'
import { calendarDateOf } from '../../src/contract/validation/age.ts'

let db: Database
// A database per test (issue 8: tests independent of each other): several tests change
// the seeded rows. The template is already seeded once (server/test/global-setup.ts).
beforeEach(async () => {
  db = await createTestDatabase()
})
afterEach(() => db.close())

const demoEmails = DEMO_ACCOUNTS.map((account) => account.email)

async function snapshot() {
  const [userCount] = await db.orm.select({ n: count() }).from(users).where(inArray(users.email, demoEmails))
  const [companyCount] = await db.orm.select({ n: count() }).from(companies).where(eq(companies.name, DEMO_COMPANY.name))
  const [driveUserCount] = await db.orm.select({ n: count() }).from(driveUsers)
  return { users: userCount!.n, companies: companyCount!.n, driveUsers: driveUserCount!.n }
}

/** Rows of the school data (classes, grades, instalments, orders). */
async function schoolSnapshot() {
  const tables = {
    livros,
    products,
    turmas,
    turmaAlunos,
    avaliacoes,
    notas,
    atividadesAthome,
    notasAthome,
    parcelas,
    preInvoices,
    preInvoiceItems,
  }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) counts[name] = (await db.orm.select({ n: count() }).from(table))[0]!.n
  return counts
}

const SEEDED_SCHOOL = {
  livros: 8,
  products: 8,
  turmas: 7,
  turmaAlunos: 7,
  avaliacoes: 14,
  notas: 10,
  atividadesAthome: 5,
  notasAthome: 4,
  parcelas: 24,
  preInvoices: 12,
  preInvoiceItems: 14,
}

describe('seedDemo', () => {
  it('is idempotent: seeding again keeps one row per demo account and its school data', async () => {
    expect(await snapshot()).toEqual({ users: DEMO_ACCOUNTS.length, companies: 1, driveUsers: DEMO_ACCOUNTS.length })
    expect(await schoolSnapshot()).toEqual(SEEDED_SCHOOL)
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 0 })
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 0 })
    expect(await snapshot()).toEqual({ users: DEMO_ACCOUNTS.length, companies: 1, driveUsers: DEMO_ACCOUNTS.length })
    expect(await schoolSnapshot()).toEqual(SEEDED_SCHOOL)
  })

  it('gives the manager no classes, instalments or orders', async () => {
    const [manager] = await db.orm.select({ id: users.id }).from(users).where(eq(users.email, 'gestor@example.com'))
    for (const [table, column] of [
      [turmaAlunos, turmaAlunos.userId],
      [parcelas, parcelas.userId],
      [preInvoices, preInvoices.userId],
    ] as const) {
      expect((await db.orm.select({ n: count() }).from(table).where(eq(column, manager!.id)))[0]!.n).toBe(0)
    }
  })

  it('seeds complete profiles with argon2id hashes of the demo password', async () => {
    const rows = await db.orm.select().from(users).where(inArray(users.email, demoEmails))
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^\$argon2id\$/)
      expect(await verify(row.passwordHash!, DEMO_PASSWORD)).toBe(true)
      for (const field of ['email', 'cpf', 'fullName', 'phone', 'cep', 'street', 'streetNumber', 'birthDate'] as const)
        expect(row[field]).toBeTruthy()
    }
    expect(rows.find((row) => row.email === 'gestor@example.com')?.role).toBe('manager')
    expect(rows.find((row) => row.email === 'aluno@example.com')).toMatchObject({
      role: 'student',
      isClub: true,
      fullName: 'Ana Beatriz Souza',
    })
    const siblings = rows.filter((row) => row.cpf === DEMO_SIBLINGS_CPF).map((row) => row.fullName)
    expect(siblings.sort()).toEqual(['Lucas Pereira', 'Marina Pereira'])
  })

  it('asks only atualizar@ (5 months old) and the minor (never confirmed) for a registration update, by the shared rule', async () => {
    const rows = await db.orm.select().from(users).where(inArray(users.email, demoEmails))
    const asUser = (row: (typeof rows)[number]) => ({
      phone: row.phone,
      cep: row.cep,
      cpf: row.cpf,
      email: row.email,
      full_name: row.fullName,
      street_number: row.streetNumber,
      street: row.street,
      updated_at: row.updatedAt?.toISOString() ?? null,
    })
    const due = rows.filter((row) => needsRegistrationUpdate(asUser(row))).map((row) => row.email)
    expect(due.sort()).toEqual(['atualizar@example.com', 'menor@example.com'])
    const atualizar = rows.find((row) => row.email === 'atualizar@example.com')!
    expect(registrationUpdateReason(asUser(atualizar))).toBe('expired')
    // About 5 months: due for a month already, not near the boundary.
    expect(needsRegistrationUpdate(asUser(atualizar), new Date(Date.now() - 28 * 24 * 3600 * 1000))).toBe(true)
    const minor = rows.find((row) => row.email === 'menor@example.com')!
    expect(registrationUpdateReason(asUser(minor))).toBe('neverUpdated')
    expect(isMinorOn(minor.birthDate!, calendarDateOf(new Date()))).toBe(true)
    expect(rows.filter((row) => isMinorOn(row.birthDate!, calendarDateOf(new Date()))).map((row) => row.email)).toEqual([
      'menor@example.com',
      // 16, with a confirmed registration: sends an Orlando request as a minor.
      'orlando.menor@example.com',
    ])
  })

  it('starts the guided tours only for tour@: every other demo account has seen them all', async () => {
    const rows = await db.orm
      .select({ email: users.email, driverTour: users.driverTour })
      .from(users)
      .where(inArray(users.email, demoEmails))
    expect(rows.filter((row) => Object.keys(row.driverTour).length === 0).map((row) => row.email)).toEqual(['tour@example.com'])
    for (const row of rows.filter((row) => row.email !== 'tour@example.com')) expect(row.driverTour).toEqual(ALL_TOURS_SEEN)
    expect(Object.keys(ALL_TOURS_SEEN).sort()).toEqual([...TOUR_ROUTES].sort())
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

  it('recreates a demo account that was deleted, and only that one, back in its existing class', async () => {
    await db.orm.delete(users).where(eq(users.email, 'marina.pereira@example.com'))
    expect(await schoolSnapshot()).toMatchObject({ turmas: 7, turmaAlunos: 6, parcelas: 20, preInvoices: 10 })
    expect(await seedDemo(db.orm)).toEqual({ createdUsers: 1 })
    expect(await snapshot()).toEqual({ users: DEMO_ACCOUNTS.length, companies: 1, driveUsers: DEMO_ACCOUNTS.length })
    expect(await schoolSnapshot()).toEqual(SEEDED_SCHOOL)
  })
})

describe('seed dates', () => {
  it('adds days and months on calendar dates, clamping to the end of the month', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29')
    expect(addMonths('2026-08-15', -9)).toBe('2025-11-15')
    expect(addYears('2028-02-29', -14)).toBe('2014-02-28')
  })
})

describe('schema rules', () => {
  it('keeps school data consistent: digital-only classes, grade range, paid instalments, order statuses', async () => {
    const [company] = await db.orm.select({ id: companies.id }).from(companies).limit(1)
    const turma = { companyId: company!.id, nome: 'X', idioma: 'Inglês', nivel: '1', dataInicio: '2026-01-01' }
    await expect(db.orm.insert(turmas).values({ ...turma, modalidade: 'presencial', somenteDigital: true })).rejects.toThrow()
    await expect(db.orm.insert(turmas).values({ ...turma, modalidade: 'digital', dataFim: '2025-12-31' })).rejects.toThrow()
    const [aluno] = await db.orm.select({ id: users.id }).from(users).where(eq(users.email, 'aluno@example.com'))
    const [matricula] = await db.orm.select({ id: turmaAlunos.id }).from(turmaAlunos).where(eq(turmaAlunos.userId, aluno!.id)).limit(1)
    const [avaliacao] = await db.orm.select({ id: avaliacoes.id }).from(avaliacoes).limit(1)
    await expect(db.orm.insert(notas).values({ avaliacaoId: avaliacao!.id, turmaAlunoId: matricula!.id, nota: 10.5 })).rejects.toThrow()
    const parcela = { userId: aluno!.id, descricao: 'X', numero: 1, totalParcelas: 1, vencimento: '2026-01-10', valorCentavos: 100 }
    await expect(db.orm.insert(parcelas).values({ ...parcela, pagoEm: '2026-01-09' })).rejects.toThrow()
    await expect(db.orm.insert(parcelas).values({ ...parcela, numero: 2 })).rejects.toThrow()
    // SPEC §4 has no status 3.
    await expect(db.orm.insert(preInvoices).values({ userId: aluno!.id, numero: 'X-1', status: 3 as never })).rejects.toThrow()
  })

  it('keeps e-mails lower-case and unique, CPFs digits-only and shareable (D9)', async () => {
    await expect(db.orm.insert(users).values({ email: 'Upper@example.com' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ email: 'aluno@example.com' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ cpf: '123.456.789-09' })).rejects.toThrow()
    await expect(db.orm.insert(users).values({ cpf: DEMO_SIBLINGS_CPF })).resolves.toBeDefined()
  })
})
