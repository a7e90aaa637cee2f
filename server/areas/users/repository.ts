import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { prepareOnce } from '../../db/prepared.ts'
import { companies, type CompanyRow } from './companies-schema.ts'
import { driveUsers } from './drive-users-schema.ts'
import { userSessions } from '../auth/sessions-schema.ts'
import { users, type NewUserRow, type UserRole, type UserRow } from './schema.ts'
import { revokeAccountTokens } from '../auth/account-tokens-repository.ts'
import { isUniqueViolation } from '../../db/pg-errors.ts'

/**
 * What the token check needs of an account: the token version it must carry, the role (D7)
 * and the token's own session: null when the account has no session of that id.
 */
export interface AccountSession {
  tokenVersion: number
  role: UserRole
  device: { revokedAt: Date | null; lastSeenAt: Date } | null
}

/** The token's session, joined to the account's row: the check stays one indexed query (issue 36). */
const SESSION_COLUMNS = { sessionId: userSessions.id, revokedAt: userSessions.revokedAt, lastSeenAt: userSessions.lastSeenAt }

const sessionJoin = and(eq(userSessions.id, sql.placeholder('sessionId')), eq(userSessions.userId, users.id))

function deviceOf(row: { sessionId: string | null; revokedAt: Date | null; lastSeenAt: Date | null }): AccountSession['device'] {
  return row.sessionId === null || row.lastSeenAt === null ? null : { revokedAt: row.revokedAt, lastSeenAt: row.lastSeenAt }
}

function accountSessionQuery(db: Db) {
  return db
    .select({ tokenVersion: users.tokenVersion, role: users.role, ...SESSION_COLUMNS })
    .from(users)
    .leftJoin(userSessions, sessionJoin)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
}

/** The account's session facts, or null when it no longer exists: one indexed lookup per request. */
export async function accountSession(db: Db, userId: number, sessionId: string): Promise<AccountSession | null> {
  const [row] = await prepareOnce(db, 'account_session', accountSessionQuery).execute({ userId, sessionId })
  return row ? { tokenVersion: row.tokenVersion, role: row.role, device: deviceOf(row) } : null
}

/**
 * The columns a profile is made of (src/contract/schemas/user.ts CurrentUser) plus the token
 * version: every `/users/me/` reads them, so nothing more (never the password hash).
 */
const PROFILE_COLUMNS = {
  id: users.id,
  role: users.role,
  email: users.email,
  cpf: users.cpf,
  fullName: users.fullName,
  phone: users.phone,
  cep: users.cep,
  street: users.street,
  streetNumber: users.streetNumber,
  birthDate: users.birthDate,
  guardianName: users.guardianName,
  guardianCpf: users.guardianCpf,
  isClub: users.isClub,
  updatedAt: users.updatedAt,
  driverTour: users.driverTour,
  pwaInstalled: users.pwaInstalled,
  /** CurrentUser's `email_verified`. */
  verifiedEmail: users.verifiedEmail,
  tokenVersion: users.tokenVersion,
}

export interface UserProfile {
  user: Pick<UserRow, keyof typeof PROFILE_COLUMNS>
  driveUser: { id: number; company: Pick<CompanyRow, 'id' | 'name' | 'escolaId'> } | null
}

function profileQuery(db: Db) {
  return db
    .select({
      user: PROFILE_COLUMNS,
      driveUserId: driveUsers.id,
      company: { id: companies.id, name: companies.name, escolaId: companies.escolaId },
      ...SESSION_COLUMNS,
    })
    .from(users)
    .leftJoin(driveUsers, eq(driveUsers.userId, users.id))
    .leftJoin(companies, eq(companies.id, driveUsers.companyId))
    .leftJoin(userSessions, sessionJoin)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
}

/** A well-formed session id no session has (ids are random, never all zeros). */
const NO_SESSION = 'A'.repeat(22)

function profileOf(row: Awaited<ReturnType<ReturnType<typeof profileQuery>['execute']>>[number]): UserProfile {
  return {
    user: row.user,
    driveUser: row.driveUserId !== null && row.company ? { id: row.driveUserId, company: row.company } : null,
  }
}

/**
 * Data access scoped to one account (STYLE.md "Server": ownership is the default, D7).
 * Every query here filters by the caller's id; later student data (turmas, notas, pedidos)
 * gets its methods here or in a sibling `forUser` module, never an unscoped lookup.
 */
export function forUser(db: Db, userId: number) {
  return {
    userId,

    /**
     * The profile with the session facts of the token's session, so `/users/me/` checks the
     * token and answers with this one query (issue 7: no second round trip).
     */
    async profileSession(sessionId: string): Promise<(UserProfile & AccountSession) | null> {
      // Every authenticated `/users/me/` runs it: planned once, not per request (issue 7).
      const [row] = await prepareOnce(db, 'user_profile', profileQuery).execute({ userId, sessionId })
      if (!row) return null
      return { ...profileOf(row), tokenVersion: row.user.tokenVersion, role: row.user.role, device: deviceOf(row) }
    },

    async profile(): Promise<UserProfile | null> {
      // No session of that id: the join adds nothing, the profile is the same.
      const [row] = await prepareOnce(db, 'user_profile', profileQuery).execute({ userId, sessionId: NO_SESSION })
      return row ? profileOf(row) : null
    },

    async passwordHash(): Promise<string | null> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1)
      return row?.passwordHash ?? null
    },

    /** The web app's install outcome (PUT /users/pwa/); false when the caller no longer exists. */
    async setPwaInstalled(pwaInstalled: boolean): Promise<boolean> {
      const updated = await db.update(users).set({ pwaInstalled }).where(eq(users.id, userId)).returning({ id: users.id })
      return updated.length > 0
    },

    /** The registration update (PUT /users/atualizacao-cadastral/): the registration is confirmed now. */
    updateRegistration(update: RegistrationUpdate): Promise<RegistrationUpdateOutcome> {
      return saveWithUniqueEmail(db, userId, { ...update, updatedAt: sql`now()` })
    },

    /**
     * The contact details of /me (PUT /users/profile/). `updated_at` stays: it dates the
     * registration update, which also confirms CPF and birth date.
     */
    updateProfile(update: ProfileUpdate): Promise<RegistrationUpdateOutcome> {
      return saveWithUniqueEmail(db, userId, update)
    },

    /**
     * Marks a guided tour seen (POST /driver-tour/): merged into the record in one
     * statement, so two devices closing two tours at once keep both flags.
     */
    async markTourSeen(route: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ driverTour: sql`${users.driverTour} || jsonb_build_object(${route}::text, true)` })
        .where(eq(users.id, userId))
        .returning({ id: users.id })
      return updated.length > 0
    },
  }
}

export type UserScope = ReturnType<typeof forUser>

/** What a registration update writes (SPEC §4): the profile, the birth date and a minor's guardian. */
export interface RegistrationUpdate {
  fullName: string
  email: string
  phone: string
  cpf: string
  birthDate: string
  cep: string
  street: string
  streetNumber: string
  guardianName: string | null
  guardianCpf: string | null
}

/** What /me edits: the contact details, not CPF, birth date or guardian. */
export type ProfileUpdate = Pick<RegistrationUpdate, 'fullName' | 'email' | 'phone' | 'cep' | 'street' | 'streetNumber'>

export type RegistrationUpdateOutcome = 'updated' | 'emailInUse' | 'missing'

/**
 * Saves the caller's registration or profile. One statement: it writes only while no other
 * account has the e-mail; two saves racing for one e-mail meet the unique index, and the
 * loser is told the same. Nothing is half-written: it is one UPDATE or none, and in its
 * transaction a changed e-mail voids the links sent to the old one.
 */
async function saveWithUniqueEmail(
  db: Db,
  userId: number,
  update: ProfileUpdate & { [K in keyof NewUserRow]?: NewUserRow[K] | SQL },
): Promise<RegistrationUpdateOutcome> {
  try {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set(update)
        .where(
          and(
            eq(users.id, userId),
            sql`not exists (select 1 from ${users} other where other.email = ${update.email} and other.id <> ${userId})`,
          ),
        )
        .returning({ id: users.id })
      if (rows.length > 0) await revokeAccountTokens(tx, userId, new Date(), update.email)
      return rows
    })
    if (updated.length > 0) return 'updated'
  } catch (error) {
    if (isUniqueViolation(error)) return 'emailInUse'
    throw error
  }
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
  return exists ? 'emailInUse' : 'missing'
}
