import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashAccountToken } from './account-tokens-repository.ts'
import { accountTokens } from './account-tokens-schema.ts'
import { users } from '../users/schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, demoToken, testAppForFile } from '../../test/app.ts'
import { firstLink, linkParameter, mailsTo } from '../../test/outbox.ts'
import {
  ALREADY_VERIFIED,
  EMAIL_VERIFIED,
  NO_EMAIL,
  NOT_YOUR_EMAIL,
  VERIFICATION_FAILED,
  VERIFICATION_MAIL_LIMIT,
  verificationSent,
} from './email-verification-routes.ts'

const t = testAppForFile()

function sendVerification(token: string | null, query = '', host?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/users/send-email-verification/${query}`,
    headers: { ...(token ? bearer(token) : {}), ...(host ? { host } : {}) },
  })
}

function verify(token: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/verify-email/',
    payload: payload as object,
    headers: token ? bearer(token) : {},
  })
}

async function me(token: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(token) })).json<{ email_verified: boolean }>()
}

/** A test user whose e-mail is not confirmed yet (said here, not left to createUser's defaults). */
async function unconfirmedUser() {
  const user = await createAccount(t.app, t.db)
  await t.db.orm.update(users).set({ verifiedEmail: null }).where(eq(users.id, user.id))
  return user
}

async function verificationToken(user: { token: string; email: string }): Promise<string> {
  expect((await sendVerification(user.token)).statusCode).toBe(200)
  const [mail] = await mailsTo(t, user.email)
  return linkParameter(mail!.textBody, 'token_email')
}

describe('GET /users/send-email-verification/ (SPEC §7)', () => {
  it('sends the link that confirms the e-mail, valid 24 hours', async () => {
    const user = await unconfirmedUser()
    expect(await me(user.token)).toMatchObject({ email_verified: false })
    const response = await sendVerification(user.token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: verificationSent(user.email) })
    expect(response.json().detail).toBe(`Enviamos um link de confirmação para ${user.email}. Ele vale por 24 horas.`)

    const [mail] = await mailsTo(t, user.email)
    expect(mail!.subject).toBe('Confirme seu e-mail · KNN Idiomas')
    expect(mail!.textBody).toContain('O link vale por 24 horas')
    const link = firstLink(mail!.textBody)
    expect(link.pathname).toBe('/login/main')
    const token = linkParameter(mail!.textBody, 'token_email')
    const [stored] = await t.db.orm
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)))
    expect(stored).toMatchObject({ userId: user.id, purpose: 'email_verification', email: user.email, usedAt: null })
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000)
  })

  it('accepts the account’s own e-mail as `email` and refuses another one', async () => {
    const user = await unconfirmedUser()
    expect((await sendVerification(user.token, `?email=${user.email.toUpperCase()}`)).statusCode).toBe(200)
    const other = await sendVerification(user.token, `?email=outro-${randomUUID()}@example.com`)
    expect(other.statusCode).toBe(400)
    expect(other.json()).toEqual({ detail: NOT_YOUR_EMAIL })
    expect(await mailsTo(t, user.email)).toHaveLength(1)
  })

  it('says so when the e-mail is already confirmed, and sends nothing', async () => {
    const user = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ verifiedEmail: user.email }).where(eq(users.id, user.id))
    const response = await sendVerification(user.token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: ALREADY_VERIFIED })
    expect(await mailsTo(t, user.email)).toEqual([])
  })

  it('asks for an e-mail when the account has none', async () => {
    const user = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ email: null }).where(eq(users.id, user.id))
    const response = await sendVerification(user.token)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: NO_EMAIL })
  })

  it('answers 401 without a token and 422 for a malformed e-mail', async () => {
    expect((await sendVerification(null)).statusCode).toBe(401)
    const user = await unconfirmedUser()
    const malformed = await sendVerification(user.token, '?email=nao-e-email')
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().detail[0]).toMatchObject({ loc: ['query', 'email'], msg: 'Por favor, insira um e-mail válido' })
  })

  it('limits the e-mails one account can ask for (5 per 15 minutes)', async () => {
    const user = await unconfirmedUser()
    for (let i = 0; i < VERIFICATION_MAIL_LIMIT; i++) expect((await sendVerification(user.token)).statusCode).toBe(200)
    const refused = await sendVerification(user.token)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ detail: 'Muitos e-mails de confirmação pedidos. Aguarde 15 minutos e tente novamente.' })
    expect(await mailsTo(t, user.email)).toHaveLength(VERIFICATION_MAIL_LIMIT)
  })

  it('writes in the brand of the host (D5)', async () => {
    const user = await unconfirmedUser()
    await sendVerification(user.token, '', 'phenom.localhost')
    const [mail] = await mailsTo(t, user.email)
    expect(mail!.subject).toBe('Confirme seu e-mail · Phenom Idiomas')
  })

  it('links to the local origin, never to a forged Host (issue 36)', async () => {
    const user = await unconfirmedUser()
    await sendVerification(user.token, '', 'attacker.example')
    const [mail] = await mailsTo(t, user.email)
    expect(firstLink(mail!.textBody).origin).toBe('http://localhost')
    expect(mail!.htmlBody).not.toContain('attacker')
  })
})

describe('POST /users/verify-email/ (SPEC §4, §7)', () => {
  it('confirms the e-mail of the signed-in owner: /users/me/ then says so', async () => {
    const user = await unconfirmedUser()
    const token = await verificationToken(user)
    const response = await verify(user.token, { token_email: token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: EMAIL_VERIFIED })
    expect(await me(user.token)).toMatchObject({ email_verified: true })
    const [row] = await t.db.orm.select({ verifiedEmail: users.verifiedEmail }).from(users).where(eq(users.id, user.id))
    expect(row!.verifiedEmail).toBe(user.email)
  })

  it('refuses a used link', async () => {
    const user = await unconfirmedUser()
    const token = await verificationToken(user)
    expect((await verify(user.token, { token_email: token })).statusCode).toBe(200)
    const again = await verify(user.token, { token_email: token })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: VERIFICATION_FAILED })
  })

  it('refuses an expired link and leaves the e-mail unconfirmed', async () => {
    const user = await unconfirmedUser()
    const token = await verificationToken(user)
    await t.db.orm
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)))
    expect((await verify(user.token, { token_email: token })).json()).toEqual({ detail: VERIFICATION_FAILED })
    expect(await me(user.token)).toMatchObject({ email_verified: false })
  })

  it('refuses another account’s link (the link is for its owner only)', async () => {
    const owner = await unconfirmedUser()
    const someoneElse = await unconfirmedUser()
    const token = await verificationToken(owner)
    const response = await verify(someoneElse.token, { token_email: token })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: VERIFICATION_FAILED })
    expect(await me(someoneElse.token)).toMatchObject({ email_verified: false })
    // Still usable by its owner.
    expect((await verify(owner.token, { token_email: token })).statusCode).toBe(200)
  })

  it('a link for the old e-mail confirms nothing after the e-mail changed; a confirmed e-mail changed is unconfirmed', async () => {
    const user = await unconfirmedUser()
    const token = await verificationToken(user)
    const newEmail = `trocado-${randomUUID()}@example.com`
    await t.db.orm.update(users).set({ email: newEmail }).where(eq(users.id, user.id))
    expect((await verify(user.token, { token_email: token })).json()).toEqual({ detail: VERIFICATION_FAILED })

    const confirmed = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ verifiedEmail: confirmed.email }).where(eq(users.id, confirmed.id))
    expect(await me(confirmed.token)).toMatchObject({ email_verified: true })
    await t.db.orm
      .update(users)
      .set({ email: `outro-${randomUUID()}@example.com` })
      .where(eq(users.id, confirmed.id))
    expect(await me(confirmed.token)).toMatchObject({ email_verified: false })
  })

  it.each([
    ['no token_email', {}, 'Este campo é obrigatório'],
    ['a short token', { token_email: 'abc' }, 'Formato inválido'],
    ['a number', { token_email: 12 }, 'Este campo deve ser um texto'],
  ])('answers 422 in Portuguese for %s', async (_, payload, message) => {
    const user = await unconfirmedUser()
    const response = await verify(user.token, payload)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(message)
  })

  it('answers 401 without a token', async () => {
    const response = await verify(null, { token_email: 'a'.repeat(43) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it('the demo accounts are confirmed except confirmar@example.com', async () => {
    expect(await me(await demoToken(t.app, 'ana'))).toMatchObject({ email_verified: true })
    const [helena] = await t.db.orm.select().from(users).where(eq(users.email, 'confirmar@example.com'))
    expect(helena!.verifiedEmail).toBeNull()
  })
})
