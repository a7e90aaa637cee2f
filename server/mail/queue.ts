import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { BrandId } from '../../src/contract/brand-host.ts'
import type { Db } from '../db/client.ts'
import { issueAccountToken, TOKEN_LIFETIME_MS } from '../areas/auth/account-tokens-repository.ts'
import { recoveryRecipients, type LoginIdentifier } from '../areas/auth/accounts-repository.ts'
import { emailVerificationMail, passwordResetMail } from './templates.ts'
import type { Mail, MailTransport } from './transports.ts'
import { mailQueue } from './queue-schema.ts'

/**
 * The e-mail queue's rules (server/mail/queue-schema.ts says what a row is). Requests are
 * written before the answer; `sendDueMail` is one sender round, run by the mail plugin's loop
 * in every process.
 */

export interface MailSenderSettings {
  /** Attempts before a mail is `failed` (the first one included). */
  maxAttempts: number
  /** First retry's delay; each next one doubles, up to `maxRetryMs`. */
  retryBaseMs: number
  maxRetryMs: number
  /** How long a claimed row stays with its sender: longer than an SMTP send may take (30 s socket timeout). */
  leaseMs: number
  /** Rows claimed per round. */
  batchSize: number
}

export const DEFAULT_MAIL_SETTINGS: MailSenderSettings = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  maxRetryMs: 60 * 60_000,
  leaseMs: 60_000,
  batchSize: 20,
}

/** Sent and failed rows are kept this long (every link they could hold has expired), then deleted. */
export const MAIL_KEEP_MS = Math.max(...Object.values(TOKEN_LIFETIME_MS))

/** Where the link points and the brand the e-mail wears. */
interface LinkBase {
  origin: string
  brand: BrandId
}

interface PasswordResetRequest extends LinkBase {
  identifier: LoginIdentifier
}

interface EmailVerificationRequest extends LinkBase {
  userId: number
  email: string
  name: string | null
}

/**
 * A password recovery, queued before the answer whether or not an account has the e-mail or
 * CPF: the same one insert either way, so neither the answer nor its time tells. The sender
 * looks the accounts up.
 */
export async function queuePasswordReset(db: Db, request: PasswordResetRequest, now = new Date()): Promise<void> {
  await db.insert(mailQueue).values({ kind: 'password-reset', request, nextAttemptAt: now })
}

/** An e-mail confirmation for the caller's own address, queued before the answer. */
export async function queueEmailVerification(db: Db, request: EmailVerificationRequest, now = new Date()): Promise<void> {
  await db.insert(mailQueue).values({ kind: 'email-verification', request, nextAttemptAt: now })
}

interface ClaimedRow {
  id: string
  kind: string
  request: unknown
  attempts: number
  recipient: string | null
  senderName: string | null
  subject: string | null
  textBody: string | null
  htmlBody: string | null
}

/**
 * Takes up to `limit` due rows. Due is judged on the sender's clock, the one the queueing
 * process wrote `next_attempt_at` with: the database's own `now()` has microseconds and a row
 * stamped with it could look due only a millisecond later, after the round that was woken for it.
 * Claimed until `now + leaseMs`, counting an attempt.
 */
async function claimDue(db: Db, limit: number, leaseMs: number, now: Date): Promise<ClaimedRow[]> {
  const until = new Date(now.getTime() + leaseMs)
  const result = (await db.execute(sql`
    update ${mailQueue}
    set locked_until = ${until}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from ${mailQueue}
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, request, attempts, recipient, sender_name, subject, text_body, html_body`)) as {
    rows: {
      id: string
      kind: string
      request: unknown
      attempts: number
      recipient: string | null
      sender_name: string | null
      subject: string | null
      text_body: string | null
      html_body: string | null
    }[]
  }
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    // PGlite hands jsonb over parsed, node-postgres too; a string would be a driver's choice.
    request: typeof row.request === 'string' ? (JSON.parse(row.request) as unknown) : row.request,
    attempts: row.attempts,
    recipient: row.recipient,
    senderName: row.sender_name,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
  }))
}

/** The mails a request turns into, each with a new link token (written in the same transaction). */
async function compose(tx: Db, row: ClaimedRow): Promise<Mail[]> {
  if (row.kind === 'password-reset') {
    const request = row.request as PasswordResetRequest
    const mails: Mail[] = []
    for (const account of await recoveryRecipients(tx, request.identifier)) {
      const token = await issueAccountToken(tx, 'password_reset', { userId: account.id, email: account.email })
      const link = `${request.origin}/login/recover-password?token=${token}`
      mails.push(passwordResetMail({ to: account.email, brand: request.brand, name: account.fullName, link }))
    }
    return mails
  }
  if (row.kind === 'email-verification') {
    const request = row.request as EmailVerificationRequest
    const token = await issueAccountToken(tx, 'email_verification', { userId: request.userId, email: request.email })
    const link = `${request.origin}/login/main?token_email=${token}`
    return [emailVerificationMail({ to: request.email, brand: request.brand, name: request.name, link })]
  }
  throw new Error(`unknown mail request kind ${row.kind}`)
}

/**
 * A request becomes its mails, once: the tokens, the mail rows and the request's removal in
 * one transaction, so a process that dies while composing leaves the request as it was.
 * The new rows are due at once (this round sends them).
 */
async function composeRequest(db: Db, row: ClaimedRow, leaseMs: number, now: Date): Promise<ClaimedRow[]> {
  return db.transaction(async (tx) => {
    const mails = await compose(tx, row)
    const removed = await tx.delete(mailQueue).where(eq(mailQueue.id, row.id)).returning({ id: mailQueue.id })
    // Another sender took it after this one's lease ended: it composes, this one does not.
    if (removed.length === 0) return []
    if (mails.length === 0) return []
    const inserted = await tx
      .insert(mailQueue)
      .values(
        mails.map((mail) => ({
          kind: 'mail',
          recipient: mail.to,
          senderName: mail.senderName,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          attempts: 1,
          nextAttemptAt: now,
          // Held by this sender, which sends them in this round.
          lockedUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })),
      )
      .returning()
    return inserted.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      request: null,
      attempts: mail.attempts,
      recipient: mail.recipient,
      senderName: mail.senderName,
      subject: mail.subject,
      textBody: mail.textBody,
      htmlBody: mail.htmlBody,
    }))
  })
}

/** The delay before attempt `attempts + 1`: doubling from the base. */
export function mailRetryDelayMs(attempts: number, settings: MailSenderSettings): number {
  return Math.min(settings.maxRetryMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1))
}

/** What the mail server said, short and without anything of the message (no address, no link). */
function failureText(error: unknown): string {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown }
  const parts = [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? `SMTP ${responseCode}` : null]
  return parts.filter(Boolean).join(' · ') || 'falha ao enviar'
}

export interface MailRound {
  claimed: number
  sent: number
  failed: number
}

/**
 * One round: claims due rows, composes the requests among them, sends every mail and writes
 * each outcome on its row: `sent` (bodies wiped), a retry later, or `failed` after the last
 * attempt (bodies wiped). A send is never attempted on a row this sender does not hold.
 */
export async function sendDueMail(
  db: Db,
  transport: MailTransport,
  settings: MailSenderSettings,
  report: (outcome: { id: string; attempts: number; error: unknown }) => void,
  now = () => new Date(),
): Promise<MailRound> {
  const claimed = await claimDue(db, settings.batchSize, settings.leaseMs, now())
  const round: MailRound = { claimed: claimed.length, sent: 0, failed: 0 }
  const mails: ClaimedRow[] = []
  for (const row of claimed) {
    if (row.kind === 'mail') mails.push(row)
    else mails.push(...(await composeRequest(db, row, settings.leaseMs, now())))
  }
  for (const mail of mails) {
    try {
      await transport.send({
        to: mail.recipient!,
        senderName: mail.senderName!,
        subject: mail.subject!,
        text: mail.textBody!,
        html: mail.htmlBody!,
      })
      await db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: now(), lockedUntil: null, textBody: null, htmlBody: null, lastError: null, updatedAt: now() })
        .where(eq(mailQueue.id, mail.id))
      round.sent++
    } catch (error) {
      report({ id: mail.id, attempts: mail.attempts, error })
      const last = mail.attempts >= settings.maxAttempts
      await db
        .update(mailQueue)
        .set(
          last
            ? { status: 'failed', lockedUntil: null, textBody: null, htmlBody: null, lastError: failureText(error), updatedAt: now() }
            : {
                lockedUntil: null,
                lastError: failureText(error),
                nextAttemptAt: new Date(now().getTime() + mailRetryDelayMs(mail.attempts, settings)),
                updatedAt: now(),
              },
        )
        .where(eq(mailQueue.id, mail.id))
      if (last) round.failed++
    }
  }
  return round
}

/** Sent and failed rows past MAIL_KEEP_MS go. */
export async function forgetOldMail(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(mailQueue)
    .where(and(inArray(mailQueue.status, ['sent', 'failed']), lt(mailQueue.updatedAt, new Date(now.getTime() - MAIL_KEEP_MS))))
}

/** The queue as an operator reads it: rows per status and the oldest pending row's age. */
export async function mailQueueState(
  db: Db,
  now = new Date(),
): Promise<{ pending: number; sent: number; failed: number; oldestPendingMs: number | null }> {
  const rows = await db
    .select({ status: mailQueue.status, count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${mailQueue.createdAt})` })
    .from(mailQueue)
    .groupBy(mailQueue.status)
  const of = (status: string) => rows.find((row) => row.status === status)
  const oldest = of('pending')?.oldest
  return {
    pending: of('pending')?.count ?? 0,
    sent: of('sent')?.count ?? 0,
    failed: of('failed')?.count ?? 0,
    oldestPendingMs: oldest ? now.getTime() - new Date(oldest).getTime() : null,
  }
}
