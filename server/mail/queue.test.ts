import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { RECOVERY_REQUESTED } from '../areas/auth/password-recovery-routes.ts'
import { createAccount } from '../test/accounts.ts'
import { createTestApp, type TestApp } from '../test/app.ts'
import { startSmtpStandIn, type SmtpStandIn } from '../test/stand-ins/smtp.ts'
import { mailQueueState, queuePasswordReset, sendDueMail } from './queue.ts'
import { outboxTransport } from './transports.ts'
import { mailsTo } from '../test/outbox.ts'
import { mailQueue } from './queue-schema.ts'

/**
 * The durable e-mail queue (issue 39 item 1) against the SMTP stand-in: retries with backoff,
 * a last attempt, several senders on one database, and what a sent mail keeps.
 */
let smtp: SmtpStandIn
let t: TestApp
beforeAll(async () => {
  smtp = await startSmtpStandIn()
  // Retries 10 ms apart instead of 30 s, so the test sees them.
  t = await createTestApp({ smtpUrl: smtp.url }, { mail: { settings: { retryBaseMs: 10, maxAttempts: 4 } } })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const receivedBy = (email: string) => smtp.received.filter((received) => received.envelope.to.includes(email))

async function recover(app: TestApp['app'], email: string) {
  const answer = await app.inject({ method: 'POST', url: `/api/v1/login/recover-password/?email=${encodeURIComponent(email)}` })
  expect(answer.json()).toEqual({ detail: RECOVERY_REQUESTED })
}

/** Sender rounds until `done` holds (retries wait their delay between rounds). */
async function until(app: TestApp['app'], done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the queue did not get there')
    await new Promise((resolve) => setTimeout(resolve, 15))
    await app.mail.drain()
  }
}

describe('the e-mail queue', () => {
  it('sends once after the mail server refused twice, and keeps no body once sent', async () => {
    const user = await createAccount(t.app, t.db)
    smtp.failNext(2)
    await recover(t.app, user.email)
    await until(t.app, () => receivedBy(user.email).length > 0)
    await t.app.mail.drain()
    expect(receivedBy(user.email)).toHaveLength(1)
    expect(receivedBy(user.email)[0]!.text).toMatch(/recover-password\?token=[A-Za-z0-9_-]{43}/)
    const rows = await t.db.orm.select().from(mailQueue).where(eq(mailQueue.recipient, user.email))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'mail', status: 'sent', attempts: 3, textBody: null, htmlBody: null, lastError: null })
    expect(rows[0]!.subject).toBe('Redefinição de senha · KNN Idiomas')
  })

  it('gives up after its last attempt, keeping what the server said and no body', async () => {
    const user = await createAccount(t.app, t.db)
    smtp.failNext(4)
    await recover(t.app, user.email)
    await until(
      t.app,
      async () => (await t.db.orm.select().from(mailQueue).where(eq(mailQueue.recipient, user.email)))[0]?.status === 'failed',
    )
    const [row] = await t.db.orm.select().from(mailQueue).where(eq(mailQueue.recipient, user.email))
    expect(row).toMatchObject({ status: 'failed', attempts: 4, textBody: null, htmlBody: null })
    expect(row!.lastError).toContain('SMTP 451')
    expect(receivedBy(user.email)).toEqual([])
  })

  it('an e-mail with no account is queued like any other and composes to nothing', async () => {
    const nobody = `ninguem-${Date.now()}@example.com`
    await recover(t.app, nobody)
    await t.app.mail.drain()
    expect(receivedBy(nobody)).toEqual([])
    // The request is gone once looked up: the queue keeps no address that has no account.
    expect(await t.db.orm.select().from(mailQueue).where(eq(mailQueue.kind, 'password-reset'))).toEqual([])
  })

  it('a request is due to the round woken for it, even within the same millisecond', async () => {
    const user = await createAccount(t.app, t.db)
    // The sender's clock at the very instant of queueing: the database's microseconds must not make it wait for the next poll.
    const instant = new Date()
    await queuePasswordReset(t.db.orm, { identifier: { email: user.email }, origin: 'http://localhost', brand: 'knn' }, instant)
    const round = await sendDueMail(
      t.db.orm,
      outboxTransport(t.db.orm),
      t.app.mail.settings,
      () => {},
      () => instant,
    )
    expect(round).toMatchObject({ claimed: 1, sent: 1 })
    expect(await mailsTo(t, user.email)).toHaveLength(1)
  })

  it('two processes on one database send each mail once', async () => {
    const other = await buildApp(testConfig({ smtpUrl: smtp.url, dataDir: t.config.dataDir }), { db: t.db, seedDemoFiles: false })
    await other.ready()
    try {
      const accounts = await Promise.all(Array.from({ length: 12 }, () => createAccount(t.app, t.db)))
      for (const account of accounts)
        await queuePasswordReset(t.db.orm, { identifier: { email: account.email }, origin: 'http://localhost', brand: 'knn' })
      await Promise.all([t.app.mail.drain(), other.mail.drain(), t.app.mail.drain(), other.mail.drain()])
      for (const account of accounts) expect(receivedBy(account.email), account.email).toHaveLength(1)
      const rows = await t.db.orm
        .select()
        .from(mailQueue)
        .where(
          inArray(
            mailQueue.recipient,
            accounts.map((account) => account.email),
          ),
        )
      expect(rows.map((row) => row.status)).toEqual(accounts.map(() => 'sent'))
      expect((await mailQueueState(t.db.orm)).pending).toBe(0)
    } finally {
      await other.close()
    }
  })
})
