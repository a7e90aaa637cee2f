import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../db/timestamps.ts'

/**
 * The e-mail queue (issue 39 item 1): every e-mail the portal sends is first a row here, written
 * before the answer, so a process that dies between a student's request and the send loses
 * nothing; whichever process takes the row next sends it. A row starts as a request to compose
 * (`kind` names it, `request` holds what composing needs: whom, the link's origin, the brand)
 * or as a composed mail; composing turns a request into one mail row per recipient, with its
 * link's token, in one transaction. A sender claims due rows with `FOR UPDATE SKIP LOCKED`
 * and a lease, like the push deliveries, so several processes share the queue and never hold
 * one row together; a failed send is tried again with a doubling delay.
 *
 * A sent or failed mail keeps its recipient, subject, attempts and last error (what an operator
 * needs to answer "did the e-mail go?") and loses its bodies, which hold the link's secret.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `password-reset` and `email-verification` (requests to compose) or `mail` (composed). */
    kind: text('kind').notNull(),
    /** A request's data; null on a composed mail. */
    request: jsonb('request'),
    /** `pending` until sent (`sent`), or given up after its last attempt (`failed`). */
    status: text('status').notNull().default('pending'),
    recipient: text('recipient'),
    senderName: text('sender_name'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('mail_queue_due_idx').on(table.status, table.nextAttemptAt)],
)

export type MailQueueRow = typeof mailQueue.$inferSelect
