import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import type { BrandId } from '../../../src/contract/brand-host.ts'
import type { Db } from '../../db/client.ts'
import { userSessions, type UserSessionRow } from './sessions-schema.ts'

/**
 * Server-side sessions (issue 36 item 3). The token check reads a session in the same
 * query that loads the account (./users.ts), so nothing here runs per request but `touch`,
 * and that at most once every LAST_SEEN_STEP_MS per session.
 */

/** "Last seen" moves in steps of this much: a write every few minutes per device, not per request. */
export const LAST_SEEN_STEP_MS = 5 * 60_000

/** 128 random bits in base64url: what `SessionId` (src/contract/schemas/session.ts) accepts. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url')
}

export interface NewSession {
  userId: number
  device: string
  brand: BrandId
  expiresAt: Date
}

/** Opens a session (a login) and forgets the account's sessions whose last token has expired. */
export async function openSession(db: Db, session: NewSession): Promise<string> {
  const id = newSessionId()
  await db.insert(userSessions).values({ id, ...session })
  await db.delete(userSessions).where(and(eq(userSessions.userId, session.userId), lt(userSessions.expiresAt, sql`now()`)))
  return id
}

/** A new token for a live session (a password change): it lives as long as that token. */
export async function extendSession(db: Db, userId: number, id: string, expiresAt: Date): Promise<boolean> {
  const updated = await db
    .update(userSessions)
    .set({ expiresAt })
    .where(and(eq(userSessions.id, id), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id })
  return updated.length > 0
}

/** "Last seen", moved only when the last move is older than a step (the check read it already). */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(eq(userSessions.id, id), lt(userSessions.lastSeenAt, sql`now() - ${sql.raw(`interval '${LAST_SEEN_STEP_MS / 1000} seconds'`)}`)),
    )
}

/**
 * Ends sessions of one account: all of them (a completed reset), all but `except` (a password
 * change, "Sair de todos os outros aparelhos"), or only `only` (a logout, "Encerrar"). Already
 * ended or expired ones are left as they are. Answers how many it ended.
 */
export async function revokeSessions(db: Db, userId: number, which: { except?: string; only?: string } = {}): Promise<number> {
  const conditions = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, sql`now()`)]
  if (which.except !== undefined) conditions.push(ne(userSessions.id, which.except))
  if (which.only !== undefined) conditions.push(eq(userSessions.id, which.only))
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: userSessions.id })
  return ended.length
}

/** The account's live sessions (not ended, last token not expired), the most recently seen first. */
export function liveSessions(
  db: Db,
  userId: number,
): Promise<Pick<UserSessionRow, 'id' | 'device' | 'brand' | 'createdAt' | 'lastSeenAt'>[]> {
  return db
    .select({
      id: userSessions.id,
      device: userSessions.device,
      brand: userSessions.brand,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, sql`now()`)))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt))
}
