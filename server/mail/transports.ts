import { desc, eq, lt } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '../db/client.ts'
import { TOKEN_LIFETIME_MS } from '../areas/auth/account-tokens-repository.ts'
import { mailOutbox, type MailOutboxRow } from './outbox-schema.ts'

/** One e-mail as the portal writes it: Portuguese text and HTML versions of the same message. */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** The display name of the From line: the brand the person uses. */
  senderName: string
}

/**
 * The mail interface (D10): every e-mail leaves through one of these. The default writes
 * to the outbox table so the demo works with nothing configured; SMTP_URL selects SMTP.
 */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp'
  send(mail: Mail): Promise<void>
  close(): Promise<void>
}

/** Every link an e-mail can carry has expired by then. */
export const OUTBOX_KEEP_MS = Math.max(...Object.values(TOKEN_LIFETIME_MS))

/**
 * The default: the message is a row of `mail_outbox`, read at /dev/outbox. Its links are in
 * clear (it is the demo's mailbox), so a row goes once every link it can hold has expired.
 */
export function outboxTransport(db: Db): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(Date.now() - OUTBOX_KEEP_MS)))
      await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    },
    async close() {},
  }
}

/** The newest messages of the outbox, optionally for one recipient (case-insensitive). */
export async function outboxMessages(db: Db, options: { to?: string; limit: number }): Promise<MailOutboxRow[]> {
  const query = db.select().from(mailOutbox)
  const filtered = options.to ? query.where(eq(mailOutbox.recipient, options.to.trim().toLowerCase())) : query
  return filtered.orderBy(desc(mailOutbox.id)).limit(options.limit)
}

/**
 * Real e-mail through an SMTP server (`smtp://user:password@host:587`, STARTTLS when the
 * server offers it, or `smtps://…:465`). Connections are pooled and reused.
 */
export function smtpTransport(url: string, fromAddress: string): MailTransport {
  // A mail is sent after the answer: a server that hangs must not keep it forever.
  const transporter = createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 15_000, socketTimeout: 30_000 })
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: { name: mail.senderName, address: fromAddress },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
    },
    async close() {
      transporter.close()
    },
  }
}
