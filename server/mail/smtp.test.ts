import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from './outbox-schema.ts'
import { mailQueue } from './queue-schema.ts'
import { RECOVERY_REQUESTED } from '../areas/auth/password-recovery-routes.ts'
import { createAccount } from '../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../test/app.ts'
import { startSmtpStandIn, type SmtpStandIn } from '../test/stand-ins/smtp.ts'

/** SMTP_URL configured (D10): the mail reaches a real SMTP server (a local stand-in), not the outbox. */
let smtp: SmtpStandIn
let t: TestApp
beforeAll(async () => {
  smtp = await startSmtpStandIn()
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'portal@escola.example' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('e-mail through SMTP (SMTP_URL)', () => {
  it('delivers the reset e-mail with the brand as sender name, after logging in to the server', async () => {
    const user = await createAccount(t.app, t.db)
    const refusedBefore = smtp.refusedLogins
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/recover-password/?email=${encodeURIComponent(user.email)}`,
      headers: { host: 'phenom.localhost:8080' },
    })
    expect(response.json()).toEqual({ detail: RECOVERY_REQUESTED })
    await t.app.mail.drain()

    const mail = smtp.received.find((received) => received.envelope.to.includes(user.email))
    expect(mail).toBeDefined()
    expect(mail!.envelope.from).toBe('portal@escola.example')
    expect(mail!.from).toEqual({ name: 'Phenom Idiomas', address: 'portal@escola.example' })
    expect(mail!.subject).toBe('Redefinição de senha · Phenom Idiomas')
    expect(mail!.text).toMatch(/Criar nova senha: http:\/\/phenom\.localhost\/login\/recover-password\?token=[A-Za-z0-9_-]{43}/)
    expect(mail!.html).toContain('Criar nova senha</a>')
    expect(smtp.refusedLogins).toBe(refusedBefore)
    // Nothing is kept in the outbox table when real mail is configured.
    expect(await t.db.orm.select().from(mailOutbox)).toEqual([])
  })

  it('sends the confirmation e-mail the same way', async () => {
    // A test user's e-mail starts unconfirmed.
    const user = await createAccount(t.app, t.db)
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/send-email-verification/', headers: bearer(user.token) })
    expect(response.statusCode).toBe(200)
    await t.app.mail.drain()
    const mail = smtp.received.find((received) => received.envelope.to.includes(user.email))
    expect(mail?.subject).toBe('Confirme seu e-mail · KNN Idiomas')
  })

  it('with the wrong SMTP password the answer is unchanged, the mail waits for a retry and the failure is logged without the link', async () => {
    const lines: string[] = []
    const wrong = await createTestApp(
      { smtpUrl: smtp.url.replace('segredo-smtp', 'senha-errada'), logLevel: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    )
    try {
      const user = await createAccount(wrong.app, wrong.db)
      const before = smtp.refusedLogins
      const response = await wrong.app.inject({
        method: 'POST',
        url: `/api/v1/login/recover-password/?email=${encodeURIComponent(user.email)}`,
      })
      expect(response.json()).toEqual({ detail: RECOVERY_REQUESTED })
      await wrong.app.mail.drain()
      expect(smtp.refusedLogins).toBeGreaterThan(before)
      expect(smtp.received.some((received) => received.envelope.to.includes(user.email))).toBe(false)
      // The mail is kept for its next attempt, with what the server said.
      const [queued] = await wrong.db.orm.select().from(mailQueue).where(eq(mailQueue.recipient, user.email))
      expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastError: 'EAUTH · SMTP 535' })
      expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
      const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'mail attempt failed')
      expect(failure).toMatchObject({ transport: 'smtp', attempts: 1, code: 'EAUTH' })
      const logged = lines.join('\n')
      expect(logged).not.toMatch(/token=[A-Za-z0-9_-]{43}/)
      expect(logged).not.toContain(user.email)
      expect(logged).not.toContain('segredo-smtp')
      expect(logged).not.toContain('senha-errada')
    } finally {
      await wrong.close()
    }
  })
})
