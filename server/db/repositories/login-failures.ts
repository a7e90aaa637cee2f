import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { loginAttempts } from '../schema/login-failures.ts'

/**
 * Login throttling (P19, issue 8 F1/F2). Every attempt reserves a slot BEFORE the password
 * is checked, atomically in the database, so 200 parallel guesses cannot all reach argon2;
 * a successful login gives its slot back, so the counts are failures (plus attempts in
 * flight). Three counters, each over a fixed 15-minute window:
 *
 * - identifier + address: the attacker's address is slowed after a few guesses while the
 *   student, on their own phone (another address), still logs in;
 * - identifier alone: a looser cap on the total guesses against one account from anywhere;
 * - address alone (credential stuffing): many identifiers from one address. Generous,
 *   because mobile carriers put many students behind one address (P19).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_LIMITS = {
  identifierAddress: 10,
  identifier: 100,
  address: 100,
} as const
export type LoginThrottleScope = keyof typeof LOGIN_LIMITS

export interface LoginThrottleSubject {
  /** Normalised login identifier (e-mail or CPF), or the raw text when it names nobody. */
  identifier: string
  /** The client's address (request.ip, behind TRUST_PROXY). */
  address: string
}

export type LoginReservation =
  | {
      granted: true
      /** Gives the slot back after a successful login and forgets this address's failures. */
      succeeded(): Promise<void>
    }
  | { granted: false; scope: LoginThrottleScope; retryAfterSeconds: number }

/**
 * IPv6 clients usually own a whole /64, so one attacker would otherwise have 2^64
 * addresses; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (isIPv4(address) || !isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** Keys are hashed: bounded size for the index whatever the username, no e-mail in clear. */
function keyOf(scope: LoginThrottleScope, value: string): string {
  return createHash('sha256').update(`${scope}\0${value}`).digest('hex')
}

function keysOf(subject: LoginThrottleSubject): Record<LoginThrottleScope, string> {
  const address = addressGroup(subject.address)
  return {
    identifierAddress: keyOf('identifierAddress', `${subject.identifier}\0${address}`),
    identifier: keyOf('identifier', subject.identifier),
    address: keyOf('address', address),
  }
}

class Refused extends Error {
  readonly scope: LoginThrottleScope
  readonly retryAfterSeconds: number
  constructor(scope: LoginThrottleScope, retryAfterSeconds: number) {
    super('login throttled')
    this.scope = scope
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Counts one attempt on every counter of the subject, in one transaction: the upsert locks
 * each counter's row, so concurrent attempts are counted one after another, and when any
 * counter would pass its limit the transaction is rolled back (a refused attempt is not
 * counted, and costs no password hash).
 */
export async function reserveLoginAttempt(db: Db, subject: LoginThrottleSubject, now = new Date()): Promise<LoginReservation> {
  const keys = keysOf(subject)
  const scopeOf = new Map(Object.entries(keys).map(([scope, key]) => [key, scope as LoginThrottleScope]))
  const nowText = now.toISOString()
  const cutoff = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()
  const expired = sql`${loginAttempts.windowStart} <= ${cutoff}::timestamptz`
  let counted: { key: string; windowStart: Date }[]
  try {
    counted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(loginAttempts)
        // Sorted keys: every transaction locks the rows in the same order (no deadlock).
        .values([...scopeOf.keys()].sort().map((key) => ({ key, attempts: 1, windowStart: now })))
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            attempts: sql`case when ${expired} then 1 else ${loginAttempts.attempts} + 1 end`,
            windowStart: sql`case when ${expired} then ${nowText}::timestamptz else ${loginAttempts.windowStart} end`,
          },
        })
        .returning()
      let refused: Refused | undefined
      for (const row of rows) {
        const scope = scopeOf.get(row.key)!
        if (row.attempts <= LOGIN_LIMITS[scope]) continue
        const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000))
        if (!refused || retryAfterSeconds > refused.retryAfterSeconds) refused = new Refused(scope, retryAfterSeconds)
      }
      if (refused) throw refused
      return rows
    })
  } catch (error) {
    if (error instanceof Refused) return { granted: false, scope: error.scope, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }

  return {
    granted: true,
    async succeeded() {
      // P19: a success clears this address's failures for the account…
      await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.identifierAddress))
      // …and is not a failure on the wider counters (in the window it was counted in).
      for (const row of counted) {
        if (row.key === keys.identifierAddress) continue
        await db
          .update(loginAttempts)
          .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
          .where(sql`${loginAttempts.key} = ${row.key} and ${loginAttempts.windowStart} = ${row.windowStart.toISOString()}::timestamptz`)
      }
    },
  }
}

/** Old windows go as new failures arrive, so the table stays the size of the current window. */
export async function forgetExpiredLoginAttempts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - LOGIN_WINDOW_MS)))
}

/** The attempts counted for a subject now (tests, bench). */
export async function countedLoginAttempts(db: Db, subject: LoginThrottleSubject): Promise<Record<LoginThrottleScope, number>> {
  const keys = keysOf(subject)
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, Object.values(keys)))
  const count = (key: string) => rows.find((row) => row.key === key)?.attempts ?? 0
  return { identifierAddress: count(keys.identifierAddress), identifier: count(keys.identifier), address: count(keys.address) }
}
