import { desc, eq, getTableColumns } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginOrigens, type LoginOrigemRow } from './login-origins-schema.ts'
import { users } from '../users/schema.ts'

/** What a partner landing page put in the login (D25): each value absent, or the login form's text. */
export interface LoginOrigem {
  prospex?: string
  cupom?: string
  company?: string
}

/** A value worth keeping: trimmed, an empty one is no value. */
function kept(value: string | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/**
 * Stores the origin with the login that carried it. A login with none of the three
 * (or only blanks) writes nothing. The values were validated by the login form's schema
 * (at most 100 characters, no control characters); the table checks the length again.
 */
export async function recordLoginOrigem(db: Db, userId: number, origem: LoginOrigem): Promise<void> {
  const row = { prospex: kept(origem.prospex), cupom: kept(origem.cupom), company: kept(origem.company) }
  if (row.prospex === null && row.cupom === null && row.company === null) return
  await db.insert(loginOrigens).values({ userId, ...row })
}

/** A user's recorded origins, newest first. */
export async function loginOrigensOf(db: Db, userId: number): Promise<LoginOrigemRow[]> {
  return db.select().from(loginOrigens).where(eq(loginOrigens.userId, userId)).orderBy(desc(loginOrigens.createdAt), desc(loginOrigens.id))
}

/** The newest origins of every user with the user's e-mail (the demo's /dev/login-origens). */
export async function recentLoginOrigens(db: Db, limit: number): Promise<(LoginOrigemRow & { email: string | null })[]> {
  return db
    .select({ ...getTableColumns(loginOrigens), email: users.email })
    .from(loginOrigens)
    .innerJoin(users, eq(users.id, loginOrigens.userId))
    .orderBy(desc(loginOrigens.createdAt), desc(loginOrigens.id))
    .limit(limit)
}
