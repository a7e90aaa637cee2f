import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * A signed-in device (issue 36 item 3): every login opens one, and every access token
 * names its session (`sid`). Revoking the row ends the token on its next request; /me lists
 * the live ones ("Aparelhos conectados"). `id` is 128 random bits (base64url), so an id seen
 * in one account's list names nothing in another's.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the student reads in the list, from the User-Agent at login ("Chrome no Android"). */
    device: text('device').notNull(),
    /** The host's brand at login (D5). */
    brand: text('brand', { enum: ['knn', 'phenom'] })
      .notNull()
      .default('knn'),
    ...timestamps,
    /** Moved at most every few minutes by the token check (server/plugins/auth.ts), never per request. */
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** When its last token expires: after that the row is over without being revoked. */
    expiresAt: instant('expires_at').notNull(),
    /** Set by a logout, "Encerrar", a password change (the others) or a reset (all). */
    revokedAt: instant('revoked_at'),
  },
  (table) => [
    index('user_sessions_user_id_idx').on(table.userId),
    check('user_sessions_brand_check', sql`${table.brand} in ('knn', 'phenom')`),
  ],
)

export type UserSessionRow = typeof userSessions.$inferSelect
