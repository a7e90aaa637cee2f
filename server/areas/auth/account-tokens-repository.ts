import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accountTokens, type AccountTokenPurpose } from './account-tokens-schema.ts'
import { users } from '../users/schema.ts'
import { revokeSessions } from './sessions-repository.ts'

/**
 * The single-use links sent by e-mail (D10): a password reset valid 1 hour, an e-mail
 * confirmation valid 24 hours; a password change, a reset or an e-mail change voids them all.
 * The token is 32 random bytes (base64url, 43 characters);
 * only its SHA-256 is stored: with 256 bits of entropy a fast hash is enough (nobody can
 * guess a preimage), and a lookup by hash stays one indexed equality.
 */
export const TOKEN_LIFETIME_MS: Readonly<Record<AccountTokenPurpose, number>> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface TokenSubject {
  userId: number
  /** The address the link goes to; the token works only while the account keeps it. */
  email: string
}

/** Stores a new token for the account and returns it (the only time it exists in clear). */
export async function issueAccountToken(db: Db, purpose: AccountTokenPurpose, subject: TokenSubject, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  // Expired links of anyone go as new ones are made, so the table stays small.
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now))
  await db.insert(accountTokens).values({
    userId: subject.userId,
    purpose,
    tokenHash: hashAccountToken(token),
    email: subject.email,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  })
  return token
}

/** A token that is unused, unexpired, of this purpose, and whose account still has the address it went to. */
function usable(purpose: AccountTokenPurpose, token: string, now: Date) {
  return and(
    eq(accountTokens.tokenHash, hashAccountToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
    sql`exists (select 1 from ${users} where ${users.id} = ${accountTokens.userId} and ${users.email} = ${accountTokens.email})`,
  )
}

/** Whether the token would be accepted now (read only): a reset checks it before hashing a password. */
export async function findUsableToken(db: Db, purpose: AccountTokenPurpose, token: string, now = new Date()): Promise<TokenSubject | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .where(usable(purpose, token, now))
    .limit(1)
  return row ?? null
}

/**
 * Uses the token once: one update that re-checks everything, so of two requests with the
 * same link exactly one gets the account. Every other unused token of the same purpose of
 * that account is voided with it (an older reset link dies with the reset). `onlyUserId`
 * limits it to one account (a confirmation is for the signed-in owner only).
 */
async function consume(tx: Db, purpose: AccountTokenPurpose, token: string, now: Date, onlyUserId?: number): Promise<TokenSubject | null> {
  const condition = usable(purpose, token, now)
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(onlyUserId === undefined ? condition : and(condition, eq(accountTokens.userId, onlyUserId)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email })
  if (!used) return null
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, used.userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
  return used
}

/**
 * Voids every outstanding link of the account, reset and confirmation alike (issue 36):
 * called in the transaction of a password change, a completed reset or an e-mail change, so a
 * link stolen before it can no longer be used. `unlessTo`: keep links sent to this address
 * (an e-mail change voids only the links to the address the account no longer has).
 */
export async function revokeAccountTokens(tx: Db, userId: number, now = new Date(), unlessTo?: string): Promise<void> {
  const outstanding = and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt))
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(unlessTo === undefined ? outstanding : and(outstanding, ne(accountTokens.email, unlessTo)))
}

/**
 * A password reset: the token is used, every other link of the account voided, the
 * hash replaced and the token version moved on (every session of the account ends),
 * all or nothing. False: unknown, used, expired, or its e-mail is no longer the account's.
 */
export async function resetPasswordWithToken(db: Db, token: string, passwordHash: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await consume(tx, 'password_reset', token, now)
    if (!used) return false
    await revokeAccountTokens(tx, used.userId, now)
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, used.userId))
    // Every device's session ends with it, listed as ended.
    await revokeSessions(tx, used.userId)
    return true
  })
}

/** Confirms the e-mail the link went to, for the signed-in owner only. False: not a usable token of theirs. */
export async function verifyEmailWithToken(db: Db, userId: number, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await consume(tx, 'email_verification', token, now, userId)
    if (!used) return false
    await tx.update(users).set({ verifiedEmail: used.email }).where(eq(users.id, userId))
    return true
  })
}
