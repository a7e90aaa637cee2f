import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../db/timestamps.ts'

/**
 * Mail written by the default mail transport (D10: no SMTP configured): the demo reads it
 * at /dev/outbox (outside production) and follows the links. With SMTP_URL nothing is
 * written here.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  ...timestamps,
})

export type MailOutboxRow = typeof mailOutbox.$inferSelect
