import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Login attempts per throttle key (issue 8 F1/F2), kept in the database so every
 * server of a scaled-out deployment counts the same attempts (D4). One row per key and
 * window: `key` is a SHA-256 of the scope and its value (identifier, identifier + address,
 * address), so a 4,000-character username fits the index and no e-mail is stored in clear.
 * An attempt is counted (reserved) before the password is checked; a success gives it back.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('login_attempts_window_start_idx').on(table.windowStart)],
)
