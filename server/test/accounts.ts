import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OwnedKind, Role } from '../../src/api/define.ts'
import type { Database } from '../db/client.ts'
import { companies } from '../db/schema/companies.ts'
import { driveUsers } from '../db/schema/drive-users.ts'
import { livroExemplares } from '../db/schema/livro-exemplares.ts'
import { livros } from '../db/schema/livros.ts'
import { turmaAlunos, turmas } from '../db/schema/turmas.ts'
import { users } from '../db/schema/users.ts'
import { DEMO_COMPANY } from '../db/seed.ts'

/**
 * Accounts and data a test creates for itself, so no test depends on what another one did
 * (issue 8). Tokens come from the server's own issuer: no password hashing per account.
 */

export interface TestAccount {
  id: number
  role: Role
  email: string
  token: string
}

/**
 * A new account with a complete profile in the demo school and a unique e-mail. It has no
 * password (it cannot log in; it has a token).
 */
export async function createAccount(app: FastifyInstance, db: Database, role: Role = 'student'): Promise<TestAccount> {
  const email = `teste-${randomBytes(6).toString('hex')}@example.com`
  const [company] = await db.orm.select({ id: companies.id }).from(companies).where(eq(companies.escolaId, DEMO_COMPANY.escolaId)).limit(1)
  const [row] = await db.orm
    .insert(users)
    .values({
      role,
      email,
      fullName: 'Pessoa de Teste',
      cpf: '39053344705',
      phone: '11955554444',
      cep: '01310100',
      street: 'Avenida Paulista',
      streetNumber: '1',
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  await db.orm.insert(driveUsers).values({ userId: row!.id, companyId: company!.id })
  return { id: row!.id, role, email, token: await app.auth.issueAccessToken(row!.id) }
}

/** A new class of a new school, with `userId` enrolled; returns both ids. */
async function enrol(db: Database, userId: number): Promise<{ turmaId: number; turmaAlunoId: number }> {
  const [company] = await db.orm.insert(companies).values({ name: 'Escola de teste', escolaId: 99 }).returning({ id: companies.id })
  const [turma] = await db.orm
    .insert(turmas)
    .values({
      companyId: company!.id,
      nome: 'Turma de teste',
      idioma: 'Inglês',
      nivel: 'Básico 1',
      modalidade: 'presencial',
      dataInicio: '2026-02-01',
    })
    .returning({ id: turmas.id })
  const [enrolment] = await db.orm.insert(turmaAlunos).values({ turmaId: turma!.id, userId }).returning({ id: turmaAlunos.id })
  return { turmaId: turma!.id, turmaAlunoId: enrolment!.id }
}

/**
 * Creates an object of each kind a contract endpoint can name (src/api/define.ts
 * `OwnedKind`), owned by `userId`, and returns its id. A new kind fails to compile here
 * until it has a factory, so the generated 404 tests cover it from the start.
 */
export const OWNED_FACTORIES = {
  turma: async (db, userId) => (await enrol(db, userId)).turmaId,
  turmaAluno: async (db, userId) => (await enrol(db, userId)).turmaAlunoId,
  bookUuid: async (db, userId) => (await createBookCopy(db, userId)).uuid,
  bookCopy: async (db, userId) => (await createBookCopy(db, userId)).id,
} satisfies Readonly<Record<OwnedKind, (db: Database, userId: number) => Promise<number | string>>>

/**
 * A printed copy of a new course book (D8), linked to `userId` now; `userId` null: an empty
 * copy, nobody's yet. `linked: false`: the school gave it to the student, who has not used it.
 */
export async function createBookCopy(
  db: Database,
  userId: number | null,
  { linked = true }: { linked?: boolean } = {},
): Promise<{ id: number; uuid: string; livroId: number }> {
  const [company] = await db.orm.select({ id: companies.id }).from(companies).where(eq(companies.escolaId, DEMO_COMPANY.escolaId)).limit(1)
  const [livro] = await db.orm
    .insert(livros)
    .values({ nome: 'Livro de teste', codigo: `TESTE-${randomBytes(6).toString('hex')}` })
    .returning({ id: livros.id })
  const [copy] = await db.orm
    .insert(livroExemplares)
    .values({ livroId: livro!.id, companyId: company!.id, userId, linkedAt: userId !== null && linked ? new Date() : null })
    .returning({ id: livroExemplares.id, uuid: livroExemplares.uuid })
  return { ...copy!, livroId: livro!.id }
}
