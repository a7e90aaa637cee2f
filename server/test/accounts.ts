import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { OwnedKind, Role } from '../../src/api/define.ts'
import type { Database } from '../db/client.ts'
import { companies } from '../db/schema/companies.ts'
import { turmaAlunos, turmas } from '../db/schema/turmas.ts'
import { users } from '../db/schema/users.ts'

/**
 * Accounts and data a test creates for itself, so no test depends on what another one did
 * (issue 8). Tokens come from the server's own issuer: no password hashing per account.
 */

export interface TestAccount {
  id: number
  role: Role
  token: string
}

/** A new account with no school data and no password (it cannot log in; it has a token). */
export async function createAccount(app: FastifyInstance, db: Database, role: Role = 'student'): Promise<TestAccount> {
  const tag = randomBytes(6).toString('hex')
  const [row] = await db.orm
    .insert(users)
    .values({ role, email: `teste-${tag}@example.com`, fullName: `Teste ${tag}` })
    .returning({ id: users.id })
  return { id: row!.id, role, token: await app.auth.issueAccessToken(row!.id) }
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
export const OWNED_FACTORIES: Readonly<Record<OwnedKind, (db: Database, userId: number) => Promise<number>>> = {
  turma: async (db, userId) => (await enrol(db, userId)).turmaId,
  turmaAluno: async (db, userId) => (await enrol(db, userId)).turmaAlunoId,
}
