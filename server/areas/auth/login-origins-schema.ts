import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * Where a login came from (D25): the `prospex` (a prospect id), `cupom` and `company`
 * a partner landing page put in the login's URL, stored with the successful login that
 * carried them. A login without any of them writes no row. Each value is the login form's
 * text (at most 100 characters, no control characters, trimmed); `cupom` is kept as typed,
 * not checked against the partnership coupons (D26: attaching one is the student's `PUT`).
 */
export const loginOrigens = pgTable(
  'login_origens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prospex: text('prospex'),
    cupom: text('cupom'),
    company: text('company'),
    ...timestamps,
  },
  (table) => [
    index('login_origens_user_id_idx').on(table.userId, table.createdAt),
    check(
      'login_origens_some_value_check',
      sql`${table.prospex} is not null or ${table.cupom} is not null or ${table.company} is not null`,
    ),
    check(
      'login_origens_length_check',
      sql`coalesce(length(${table.prospex}), 0) <= 100 and coalesce(length(${table.cupom}), 0) <= 100 and coalesce(length(${table.company}), 0) <= 100`,
    ),
  ],
)

export type LoginOrigemRow = typeof loginOrigens.$inferSelect
