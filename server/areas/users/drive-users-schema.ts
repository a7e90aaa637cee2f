import { index, integer, pgTable, serial } from 'drizzle-orm/pg-core'
import { companies } from './companies-schema.ts'
import { timestamps } from '../../db/timestamps.ts'
import { users } from './schema.ts'

/**
 * The user's record in drive (billing), tying the account to its school. An account
 * without one (a provisional book-code account, D8) is sent back to login by the client.
 */
export const driveUsers = pgTable(
  'drive_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique('drive_users_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    // A school's students (a push to one school, its draft's audience size): without it every
    // such count read the whole table, 200,000 rows in a school network (issue 39).
    index('drive_users_company_id_idx').on(table.companyId),
  ],
)

export type DriveUserRow = typeof driveUsers.$inferSelect
export type NewDriveUserRow = typeof driveUsers.$inferInsert
