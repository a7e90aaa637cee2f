import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { loginFailures } from '../schema/login-failures.ts'

/**
 * Password guessing is limited per account identifier, not per IP: students reach us
 * through mobile carriers that put thousands of phones behind one address.
 */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000

function windowStart(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)
}

export async function recentLoginFailures(db: Db, identifier: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.identifier, identifier), gt(loginFailures.createdAt, windowStart(now))))
  return row?.n ?? 0
}

export async function recordLoginFailure(db: Db, identifier: string, now = new Date()): Promise<void> {
  // Old rows go as new ones arrive, so the table stays the size of the current window.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, windowStart(now)))
  await db.insert(loginFailures).values({ identifier, createdAt: now })
}

export async function clearLoginFailures(db: Db, identifier: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.identifier, identifier))
}
