import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/** What a token sent by e-mail lets its holder do (D10). */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification'] as const
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number]

/**
 * Single-use, expiring links sent by e-mail (D10): a password reset or an e-mail
 * confirmation. Only the SHA-256 of the token is kept, so a copy of the database (a
 * backup, a leaked dump) resets nobody's password. A token is used by one atomic update
 * that also checks `used_at` and `expires_at`, so two clicks on one link succeed once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique('account_tokens_token_hash_unique'),
    /**
     * The address the link went to. The token works only while the account still has it:
     * after an e-mail change an old link neither resets the password nor confirms the new one.
     */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the link is used (or voided by the use of another of the same purpose). */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose),
    index('account_tokens_expires_at_idx').on(table.expiresAt),
    check('account_tokens_purpose_check', sql`${table.purpose} in ('password_reset', 'email_verification')`),
  ],
)

export type AccountTokenRow = typeof accountTokens.$inferSelect
