import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'

export const USER_ROLES = ['student', 'manager'] as const
export type UserRole = (typeof USER_ROLES)[number]

/**
 * A login account. Text + CHECK instead of a PostgreSQL enum for `role`, so adding a role
 * later is a plain migration (D7).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role', { enum: USER_ROLES }).notNull().default('student'),
    /** Stored lower-cased so login is case-insensitive and the unique index means it. */
    email: text('email'),
    /** Digits only. Not unique: siblings may share a parent's CPF (D9). */
    cpf: text('cpf'),
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    phone: text('phone'),
    cep: text('cep'),
    street: text('street'),
    streetNumber: text('street_number'),
    /** Asked by the registration update (SPEC §5 underage check). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** A minor's guardian (SPEC §5); cleared when the student is an adult. */
    guardianName: text('guardian_name'),
    /** Digits only, like `cpf`. */
    guardianCpf: text('guardian_cpf'),
    isClub: boolean('is_club').notNull().default(false),
    /** Last registration update (SPEC §3, §4: update needed after 4 months); null = never. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    /** Per-route "tour seen" flags (SPEC §2). */
    driverTour: jsonb('driver_tour').$type<Record<string, boolean>>().notNull().default({}),
    /** Last install outcome the web app reported (PUT /users/pwa/, SPEC §4). */
    pwaInstalled: boolean('pwa_installed').notNull().default(false),
    /**
     * Carried by every access token (`ver`); a password change increments it, so tokens
     * issued before stop authenticating (other sessions end).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The address the owner proved to read (a confirmation link, SPEC §4). The e-mail is
     * confirmed while this equals `email`, so changing the e-mail needs a new confirmation
     * without anyone having to remember to reset a flag.
     */
    verifiedEmail: text('verified_email'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_cpf_idx').on(table.cpf),
    // The managers' student search (any part of a name or e-mail, ILIKE '%…%'): trigram
    // indexes (pg_trgm, migration 0029), or every search reads all 200,000 accounts (issue 39).
    index('users_full_name_trgm_idx').using('gin', sql`${table.fullName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    check('users_role_check', sql`${table.role} in ('student', 'manager')`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_cpf_digits_check', sql`${table.cpf} ~ '^[0-9]{11}$'`),
    check('users_guardian_cpf_digits_check', sql`${table.guardianCpf} ~ '^[0-9]{11}$'`),
  ],
)

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
