import { index, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from './timestamps.ts'

/**
 * Failed logins per identifier (normalised e-mail or CPF), kept in the database so every
 * server of a scaled-out deployment counts the same attempts (D4).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    ...timestamps,
  },
  (table) => [index('login_failures_identifier_created_at_idx').on(table.identifier, table.createdAt)],
)
