import { and, eq, sql } from 'drizzle-orm'
import { hashPassword } from '../auth/password.ts'
import type { Db } from './client.ts'
import { companies } from './schema/companies.ts'
import { driveUsers } from './schema/drive-users.ts'
import { users, type UserRole } from './schema/users.ts'
import { seedSchoolData } from './seed-school.ts'

/**
 * The demo school seeded on first start (D3), so a fresh install can be tried at once.
 * Idempotent: accounts are found by e-mail and only missing rows are created, so a
 * restart (or N servers starting together, D4) never duplicates anything and never resets
 * a password someone changed. A student's classes, instalments and orders are seeded only
 * while the student has none of that kind, with dates relative to the day of seeding
 * (overdue instalments stay overdue, upcoming ones are upcoming).
 */

export const DEMO_PASSWORD = 'demo1234'

export const DEMO_COMPANY = { name: 'Escola Demonstração', escolaId: 2 } as const

interface DemoAccount {
  email: string
  role: UserRole
  fullName: string
  cpf: string
  phone: string
  cep: string
  street: string
  streetNumber: string
  isClub: boolean
  /** The demo's e-mails are confirmed, except where a flow needs one that is not (P59). */
  emailUnconfirmed?: true
}

/** The CPF two sibling accounts share (D9): login by it lists both. */
export const DEMO_SIBLINGS_CPF = '12345678909'

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'aluno@example.com',
    role: 'student',
    fullName: 'Ana Beatriz Souza',
    cpf: '52998224725',
    phone: '11987654321',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1000',
    isClub: true,
  },
  {
    email: 'gestor@example.com',
    role: 'manager',
    fullName: 'Carlos Eduardo Lima',
    cpf: '11144477735',
    phone: '11912345678',
    cep: '04538133',
    street: 'Avenida Brigadeiro Faria Lima',
    streetNumber: '3477',
    isClub: false,
  },
  // Siblings: distinct e-mails (all seven profile fields filled), one parent's CPF.
  {
    email: 'lucas.pereira@example.com',
    role: 'student',
    fullName: 'Lucas Pereira',
    cpf: DEMO_SIBLINGS_CPF,
    phone: '21998877665',
    cep: '22071900',
    street: 'Avenida Atlântica',
    streetNumber: '1702',
    isClub: false,
  },
  {
    email: 'marina.pereira@example.com',
    role: 'student',
    fullName: 'Marina Pereira',
    cpf: DEMO_SIBLINGS_CPF,
    phone: '21998877665',
    cep: '22071900',
    street: 'Avenida Atlântica',
    streetNumber: '1702',
    isClub: true,
  },
  // Just enrolled: no class, instalment or order yet, so every empty state can be seen.
  {
    email: 'novo.aluno@example.com',
    role: 'student',
    fullName: 'Rafael Costa',
    cpf: '86288366757',
    phone: '31991234567',
    cep: '30130010',
    street: 'Avenida Afonso Pena',
    streetNumber: '1500',
    isClub: false,
  },
  // Forgot the password: "Esqueci minha senha", the link arrives at /dev/outbox (P54).
  {
    email: 'recuperar@example.com',
    role: 'student',
    fullName: 'Bruno Almeida',
    cpf: '71428793860',
    phone: '41998765432',
    cep: '80020000',
    street: 'Rua XV de Novembro',
    streetNumber: '700',
    isClub: false,
  },
  // Has not confirmed the e-mail yet: Meu perfil sends the link (SPEC §4, P59).
  {
    email: 'confirmar@example.com',
    role: 'student',
    fullName: 'Helena Martins',
    cpf: '93541134780',
    phone: '51987651234',
    cep: '90010150',
    street: 'Rua dos Andradas',
    streetNumber: '1001',
    isClub: false,
    emailUnconfirmed: true,
  },
]

/** Any constant: it only serialises concurrent seeders on one PostgreSQL (D4). */
const SEED_LOCK_KEY = 727_002

export interface SeedResult {
  createdUsers: number
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)

    const [existingCompany] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.name, DEMO_COMPANY.name), eq(companies.escolaId, DEMO_COMPANY.escolaId)))
      .limit(1)
    const companyId =
      existingCompany?.id ??
      (await tx.insert(companies).values({ name: DEMO_COMPANY.name, escolaId: DEMO_COMPANY.escolaId }).returning({ id: companies.id }))[0]!
        .id

    let createdUsers = 0
    const userIds = new Map<string, number>()
    for (const account of DEMO_ACCOUNTS) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1)
      // An existing account is left exactly as it is (its password may have been changed).
      if (existing) {
        userIds.set(account.email, existing.id)
        continue
      }
      const { emailUnconfirmed, ...profile } = account
      const [created] = await tx
        .insert(users)
        .values({
          ...profile,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          updatedAt: new Date(),
          verifiedEmail: emailUnconfirmed ? null : account.email,
        })
        .returning({ id: users.id })
      await tx.insert(driveUsers).values({ userId: created!.id, companyId })
      userIds.set(account.email, created!.id)
      createdUsers++
    }

    await seedSchoolData(tx, companyId, userIds, new Date())
    return { createdUsers }
  })
}
