import { timestamp } from 'drizzle-orm/pg-core'

/**
 * Columns every table carries. Always `timestamptz`: instants are stored in UTC and the
 * client renders them in the user's zone (D21). There is deliberately no generic
 * `updated_at` here: on `users` that name means "last registration update" (SPEC §3).
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

/** An instant column (`timestamptz`, a Date in code): the same rule for every table's own times. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
