import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'

/** A school of the network; `escola_id` is the school number the client checks (D6). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  escolaId: integer('escola_id').notNull(),
  ...timestamps,
})

export type CompanyRow = typeof companies.$inferSelect
export type NewCompanyRow = typeof companies.$inferInsert
