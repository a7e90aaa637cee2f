import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginAttempts } from './login-failures-schema.ts'

/**
 * Login throttling (issue 8 F1/F2). Every attempt reserves a slot BEFORE the password
 * is checked, atomically in the database, so 200 parallel guesses cannot all reach argon2;
 * a successful login gives its slot back, so the counts are failures (plus attempts in
 * flight). An unknown device is counted on three counters, each over a fixed 15-minute window:
 *
 * - identifier + address: the attacker's address is slowed after a few guesses while the
 *   student, on their own phone (another address), still logs in;
 * - identifier alone: a looser cap on the total guesses against one account from anywhere;
 * - address alone (credential stuffing): many identifiers from one address. Generous,
 *   because mobile carriers put many students behind one address.
 *
 * A known device (a valid device cookie for the identifier, server/areas/auth/device-cookie.ts)
 * is counted on its own budget only, so the two wider counters, which anyone can
 * fill, never lock the owner out of the device she logged in on before.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_LIMITS = {
  identifierAddress: 10,
  identifier: 100,
  address: 100,
  /** Failures on one known device for its account (the same budget as one address). */
  device: 10,
} as const
export type LoginThrottleScope = keyof typeof LOGIN_LIMITS

export interface LoginThrottleSubject {
  /** Normalised login identifier (e-mail or CPF), or the raw text when it names nobody. */
  identifier: string
  /** The client's address (request.ip, behind TRUST_PROXY). */
  address: string
  /** The nonce of the request's device cookie for this identifier (knownDevice), or null: an unknown device. */
  device?: string | null
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
function keyOf(scope: string, value: string): string {
  return createHash('sha256').update(`${scope}\0${value}`).digest('hex')
}

/** The three login counters above for one login attempt from an unknown device, its own budget for a known one. */
function loginCounters(subject: LoginThrottleSubject): AttemptCounter<LoginThrottleScope>[] {
  if (subject.device) return [{ scope: 'device', value: `${subject.identifier}\0${subject.device}`, limit: LOGIN_LIMITS.device }]
  const address = addressGroup(subject.address)
  return [
    { scope: 'identifierAddress', value: `${subject.identifier}\0${address}`, limit: LOGIN_LIMITS.identifierAddress },
    { scope: 'identifier', value: subject.identifier, limit: LOGIN_LIMITS.identifier },
    { scope: 'address', value: address, limit: LOGIN_LIMITS.address },
  ]
}

function keysOf(subject: LoginThrottleSubject): Partial<Record<LoginThrottleScope, string>> {
  return Object.fromEntries(loginCounters(subject).map(({ scope, value }) => [scope, keyOf(scope, value)]))
}

/** One counter an attempt is counted on: its scope (which also names it in a 429), what it counts and its limit per window. */
export interface AttemptCounter<S extends string> {
  scope: S
  /** What is counted: an identifier, an address group, an account id… (hashed before it is stored). */
  value: string
  limit: number
  /** The counter's window; LOGIN_WINDOW_MS (15 minutes) when not given. */
  windowMs?: number
}

export type AttemptReservation<S extends string> =
  { granted: true; counted: { key: string; scope: S; windowStart: Date }[] } | { granted: false; scope: S; retryAfterSeconds: number }

class Refused extends Error {
  readonly scope: string
  readonly retryAfterSeconds: number
  constructor(scope: string, retryAfterSeconds: number) {
    super('attempt throttled')
    this.scope = scope
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Counts one attempt on every counter, in one transaction: the upsert locks each counter's
 * row, so concurrent attempts are counted one after another, and when any counter would
 * pass its limit the transaction is rolled back (a refused attempt is not counted, and
 * costs no password hash, no e-mail). Login, password recovery and e-mail
 * confirmation each name their own scopes, so their counts never mix.
 */
export async function reserveAttempts<S extends string>(
  db: Db,
  counters: AttemptCounter<S>[],
  now = new Date(),
): Promise<AttemptReservation<S>> {
  const byKey = new Map(counters.map((counter) => [keyOf(counter.scope, counter.value), counter]))
  const windowOf = (key: string) => byKey.get(key)!.windowMs ?? LOGIN_WINDOW_MS
  // One upsert per window length, shortest first, keys sorted within: every transaction locks
  // the rows in the same order (a key's scope fixes its window), so none can deadlock.
  const windows = [...new Set([...byKey.keys()].map(windowOf))].sort((a, b) => a - b)
  const nowText = now.toISOString()
  try {
    const rows = await db.transaction(async (tx) => {
      const rows: (typeof loginAttempts.$inferSelect)[] = []
      for (const windowMs of windows) {
        const cutoff = new Date(now.getTime() - windowMs).toISOString()
        const expired = sql`${loginAttempts.windowStart} <= ${cutoff}::timestamptz`
        const keys = [...byKey.keys()].filter((key) => windowOf(key) === windowMs).sort()
        rows.push(
          ...(await tx
            .insert(loginAttempts)
            .values(keys.map((key) => ({ key, attempts: 1, windowStart: now })))
            .onConflictDoUpdate({
              target: loginAttempts.key,
              set: {
                attempts: sql`case when ${expired} then 1 else ${loginAttempts.attempts} + 1 end`,
                windowStart: sql`case when ${expired} then ${nowText}::timestamptz else ${loginAttempts.windowStart} end`,
              },
            })
            .returning()),
        )
      }
      let refused: Refused | undefined
      for (const row of rows) {
        const counter = byKey.get(row.key)!
        if (row.attempts <= counter.limit) continue
        // Concurrent attempts each read their own `now`: the window may have been opened by one
        // whose clock reading came after this one's, so the wait is capped at the window's length
        // (never "Aguarde 16 minutos" for a 15-minute window).
        const windowMs = windowOf(row.key)
        const untilWindowEnds = (row.windowStart.getTime() + windowMs - now.getTime()) / 1000
        const retryAfterSeconds = Math.min(windowMs / 1000, Math.max(1, Math.ceil(untilWindowEnds)))
        if (!refused || retryAfterSeconds > refused.retryAfterSeconds) refused = new Refused(counter.scope, retryAfterSeconds)
      }
      if (refused) throw refused
      return rows
    })
    return { granted: true, counted: rows.map((row) => ({ key: row.key, scope: byKey.get(row.key)!.scope, windowStart: row.windowStart })) }
  } catch (error) {
    if (error instanceof Refused) return { granted: false, scope: error.scope as S, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
}

/** Reserves one login attempt on the three login counters (see reserveAttempts). */
export async function reserveLoginAttempt(db: Db, subject: LoginThrottleSubject, now = new Date()): Promise<LoginReservation> {
  const reservation = await reserveAttempts(db, loginCounters(subject), now)
  if (!reservation.granted) return reservation
  const keys = keysOf(subject)
  return {
    granted: true,
    async succeeded() {
      // A success clears this address's (or this known device's) failures for the account…
      const own = keys.device ?? keys.identifierAddress!
      await db.delete(loginAttempts).where(eq(loginAttempts.key, own))
      // …and is not a failure on the wider counters (in the window it was counted in).
      await giveBackAttempts(
        db,
        reservation.counted.filter((row) => row.key !== own),
      )
    },
  }
}

/**
 * Gives back the slots a granted reservation counted (an attempt that turned out not to be a
 * failure: a login that succeeded, a card payment approved), each in the window it was
 * counted in: a window that restarted since is left alone.
 */
export async function giveBackAttempts(db: Db, counted: { key: string; windowStart: Date }[]): Promise<void> {
  for (const row of counted) {
    await db
      .update(loginAttempts)
      .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
      .where(sql`${loginAttempts.key} = ${row.key} and ${loginAttempts.windowStart} = ${row.windowStart.toISOString()}::timestamptz`)
  }
}

/** Old windows go as new failures arrive, so the table stays the size of the current window. */
export async function forgetExpiredLoginAttempts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - LOGIN_WINDOW_MS)))
}

/** The attempts counted for a subject now (tests, bench). */
export async function countedLoginAttempts(db: Db, subject: LoginThrottleSubject): Promise<Record<LoginThrottleScope, number>> {
  const keys = { ...keysOf({ ...subject, device: null }), ...(subject.device ? keysOf(subject) : {}) }
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, Object.values(keys)))
  const count = (key: string | undefined) => rows.find((row) => row.key === key)?.attempts ?? 0
  return {
    identifierAddress: count(keys.identifierAddress),
    identifier: count(keys.identifier),
    address: count(keys.address),
    device: count(keys.device),
  }
}
