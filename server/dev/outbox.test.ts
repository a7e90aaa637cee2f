import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox } from '../mail/outbox-schema.ts'
import { OUTBOX_KEEP_MS, outboxTransport } from '../mail/transports.ts'
import { createAccount } from '../test/accounts.ts'
import { createTestApp, testAppForFile } from '../test/app.ts'
import { mailsTo } from '../test/outbox.ts'

const t = testAppForFile()

const page = (query = '') => t.app.inject({ method: 'GET', url: `/dev/outbox${query}`, headers: { accept: 'text/html' } })

describe('/dev/outbox (D10: the demo reads its e-mail)', () => {
  it('lists the mail for a recipient with its link to follow, uncached', async () => {
    const user = await createAccount(t.app, t.db)
    await t.app.inject({ method: 'POST', url: `/api/v1/login/recover-password/?email=${encodeURIComponent(user.email)}` })
    const [mail] = await mailsTo(t, user.email)

    const response = await page(`?para=${encodeURIComponent(user.email.toUpperCase())}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('<html lang="pt-BR">')
    expect(html).toContain('<h1>Caixa de saída</h1>')
    expect(html).toContain(`<h2 id="mail-${mail!.id}">Redefinição de senha · KNN Idiomas</h2>`)
    expect(html).toContain(`<dd>${user.email}</dd>`)
    const link = /https?:\/\/\S+/.exec(mail!.textBody)![0]
    expect(html).toContain(`<a href="${link}">${link}</a>`)
    // Only that recipient's mail.
    expect(html.match(/<article/g)).toHaveLength(1)
  })

  it('says when there is nothing, and escapes what it shows', async () => {
    const response = await page(`?para=${encodeURIComponent(`<script>-${randomUUID()}@example.com`)}`)
    expect(response.body).toContain('<p role="status">Nenhum e-mail por enquanto.</p>')
    expect(response.body).not.toContain('<script>')
    expect(response.body).toContain('value="&lt;script&gt;-')
  })

  it('keeps a mail only while a link in it can still work (24 hours)', async () => {
    const user = await createAccount(t.app, t.db)
    const outbox = outboxTransport(t.db.orm)
    const mail = { to: user.email, subject: 'Antigo', text: 'x', html: '<p>x</p>', senderName: 'KNN Idiomas' }
    await outbox.send(mail)
    await t.db.orm
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - OUTBOX_KEEP_MS - 1000) })
      .where(eq(mailOutbox.recipient, user.email))
    await outbox.send({ ...mail, subject: 'Novo' })
    expect((await mailsTo(t, user.email)).map((row) => row.subject)).toEqual(['Novo'])
  })

  it('does not exist in production (NODE_ENV=production)', async () => {
    const production = await createTestApp({ production: true })
    try {
      const response = await production.app.inject({ method: 'GET', url: '/dev/outbox' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Não encontrado' })
    } finally {
      await production.close()
    }
  })
})
