import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { revokeAccountTokens } from './account-tokens-repository.ts'
import { companies } from '../users/companies-schema.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { users } from '../users/schema.ts'

/**
 * Lookups across accounts, before anyone is authenticated (login, token check). Everything
 * after login goes through `forUser` (./users.ts) so it is scoped to the caller (D7).
 */

export interface LoginIdentifier {
  email?: string
  cpf?: string
}

/** RFC 5321: an address longer than this cannot exist. */
const MAX_EMAIL_LENGTH = 254

/**
 * The login `username` is an e-mail (any case) or a CPF with or without punctuation
 * (SPEC §3, D9). Anything else identifies nobody, including text no account can have
 * (control characters, which PostgreSQL refuses as NUL, or an impossible length: F3).
 */
export function parseLoginIdentifier(username: string): LoginIdentifier {
  const text = username.trim()
  // eslint-disable-next-line no-control-regex
  if (text.length > MAX_EMAIL_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) return {}
  if (text.includes('@')) return { email: text.toLowerCase() }
  const digits = text.replace(/[\s.\-/]/g, '')
  return /^\d{11}$/.test(digits) ? { cpf: digits } : {}
}

export interface LoginCandidate {
  id: number
  passwordHash: string | null
  fullName: string | null
  companyName: string | null
}

/** Every account the identifier names; several when siblings share a CPF (D9). */
export async function findLoginCandidates(db: Db, identifier: LoginIdentifier): Promise<LoginCandidate[]> {
  const conditions: SQL[] = []
  if (identifier.email) conditions.push(eq(users.email, identifier.email))
  if (identifier.cpf) conditions.push(eq(users.cpf, identifier.cpf))
  if (conditions.length === 0) return []
  return db
    .select({ id: users.id, passwordHash: users.passwordHash, fullName: users.fullName, companyName: companies.name })
    .from(users)
    .leftJoin(driveUsers, eq(driveUsers.userId, users.id))
    .leftJoin(companies, eq(companies.id, driveUsers.companyId))
    .where(or(...conditions))
    .orderBy(users.fullName, users.id)
}

/** The account's current token version, or null when the account does not exist. */
export async function tokenVersionOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1)
  return row ? row.tokenVersion : null
}

/**
 * A password change as a compare-and-set (issue 8 F8): it applies only while the stored
 * hash is still the one the caller's current password was checked against, so of two
 * concurrent changes exactly one wins. The token version moves on and every reset or
 * confirmation link of the account is voided with it. False: lost.
 */
export async function replacePasswordHash(db: Db, userId: number, expectedHash: string, newHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .returning({ id: users.id })
    if (updated.length === 0) return false
    await revokeAccountTokens(tx, userId)
    return true
  })
}

/** The accounts an identifier of one kind names: by e-mail, else by CPF. */
function namedBy(identifier: LoginIdentifier): SQL | undefined {
  if (identifier.email) return eq(users.email, identifier.email)
  return identifier.cpf ? eq(users.cpf, identifier.cpf) : undefined
}

export interface MailRecipient {
  id: number
  email: string
  fullName: string | null
}

/**
 * The accounts a password recovery writes to: the one with this e-mail, or each
 * account with this CPF that has an e-mail (siblings share a CPF, D9; each gets its own link).
 */
export async function recoveryRecipients(db: Db, identifier: LoginIdentifier): Promise<MailRecipient[]> {
  const condition = namedBy(identifier)
  if (!condition) return []
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(condition, isNotNull(users.email)))
    .orderBy(users.id)
  return rows.filter((row): row is MailRecipient => row.email !== null)
}

/** The ids of the accounts the e-mail or CPF names (none, one, or siblings by CPF). */
export async function accountIdsOf(db: Db, identifier: LoginIdentifier): Promise<number[]> {
  const condition = namedBy(identifier)
  if (!condition) return []
  const rows = await db.select({ id: users.id }).from(users).where(condition)
  return rows.map((row) => row.id)
}
