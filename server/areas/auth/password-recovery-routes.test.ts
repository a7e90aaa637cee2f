import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from './password.ts'
import { hashAccountToken } from './account-tokens-repository.ts'
import { accountTokens } from './account-tokens-schema.ts'
import { mailOutbox } from '../../mail/outbox-schema.ts'
import { users } from '../users/schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, loginRequest, testAppForFile } from '../../test/app.ts'
import { firstLink, linkParameter, mailsTo } from '../../test/outbox.ts'
import {
  PASSWORD_RESET,
  RECOVERY_IDENTIFIER_WINDOW_MS,
  RECOVERY_LIMITS,
  RECOVERY_REQUESTED,
  RESET_FAILED,
} from './password-recovery-routes.ts'

const t = testAppForFile()

/** The password a test account starts with (createAccount makes none). */
const OLD_PASSWORD = 'senha-de-teste-1'

async function accountWithPassword() {
  const account = await createAccount(t.app, t.db)
  await t.db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(OLD_PASSWORD) })
    .where(eq(users.id, account.id))
  return account
}

let addresses = 0
/** A client address of its own per call site, so one test's requests never count against another's limits. */
function newAddress(): string {
  addresses++
  return `198.51.100.${addresses}`
}

function recover(email: string, options: { isAccessCode?: boolean; address?: string; host?: string } = {}) {
  const query = new URLSearchParams({
    email,
    ...(options.isAccessCode === undefined ? {} : { isAccessCode: String(options.isAccessCode) }),
  })
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/login/recover-password/?${query}`,
    remoteAddress: options.address ?? newAddress(),
    headers: options.host ? { host: options.host } : {},
  })
}

function reset(token: string, newPassword: string, address = newAddress()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/login/reset-password/?token=${encodeURIComponent(token)}`,
    payload: { new_password: newPassword },
    remoteAddress: address,
  })
}

async function canLogIn(email: string, password: string): Promise<boolean> {
  const response = await t.app.inject({ ...loginRequest({ username: email, password }), remoteAddress: newAddress() })
  return response.statusCode === 200
}

/** A valid CPF of its own (check digits computed), so access-code tests find only their accounts. */
function uniqueCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10))
  const digit = (digits: number[]) => ((digits.reduce((sum, d, i) => sum + d * (digits.length + 1 - i), 0) * 10) % 11) % 10
  const first = digit(base)
  return [...base, first, digit([...base, first])].join('')
}

async function resetTokenFor(email: string): Promise<string> {
  expect((await recover(email)).statusCode).toBe(200)
  const [mail] = await mailsTo(t, email)
  return linkParameter(mail!.textBody, 'token')
}

describe('POST /login/recover-password/ (SPEC §7, D10)', () => {
  it('sends a Portuguese e-mail with a single-use reset link and stores only its hash', async () => {
    const user = await accountWithPassword()
    const response = await recover(user.email.toUpperCase())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: RECOVERY_REQUESTED })

    const mails = await mailsTo(t, user.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe('Redefinição de senha · KNN Idiomas')
    expect(mail.textBody).toContain('Olá, Pessoa!')
    expect(mail.textBody).toContain('O link vale por 1 hora e pode ser usado uma única vez.')
    const link = firstLink(mail.textBody)
    // No PORTAL_PUBLIC_URLS: the local demo's origin (the test app listens on no port).
    expect(link.origin).toBe('http://localhost')
    expect(link.pathname).toBe('/login/recover-password')
    // The HTML button carries the same link as the text.
    const raw = /https?:\/\/\S+/.exec(mail.textBody)![0]
    expect(mail.htmlBody).toContain(`href="${raw}"`)
    expect(mail.htmlBody).toContain('lang="pt-BR"')

    const token = linkParameter(mail.textBody, 'token')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await t.db.orm.select().from(accountTokens).where(eq(accountTokens.userId, user.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ purpose: 'password_reset', tokenHash: hashAccountToken(token), email: user.email, usedAt: null })
    expect(JSON.stringify(stored)).not.toContain(token)
    // D10: valid for one hour.
    const lifetime = stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()
    expect(lifetime).toBe(60 * 60 * 1000)
  })

  it('answers an unknown e-mail exactly as a known one, and writes nothing', async () => {
    const nobody = `ninguem-${randomUUID()}@example.com`
    const response = await recover(nobody)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: RECOVERY_REQUESTED })
    expect(await mailsTo(t, nobody)).toEqual([])
    // Counted for this address only: an earlier test's known e-mail may still be writing its link.
    expect(await t.db.orm.select().from(accountTokens).where(eq(accountTokens.email, nobody))).toEqual([])
  })

  it('by access code (the CPF, isAccessCode) sends each account of that CPF its own link', async () => {
    const cpf = uniqueCpf()
    const [a, b] = [await accountWithPassword(), await accountWithPassword()]
    await t.db.orm.update(users).set({ cpf }).where(eq(users.id, a.id))
    await t.db.orm.update(users).set({ cpf }).where(eq(users.id, b.id))
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
    const response = await recover(formatted, { isAccessCode: true })
    expect(response.json()).toEqual({ detail: RECOVERY_REQUESTED })
    const [mailA] = await mailsTo(t, a.email)
    const [mailB] = await mailsTo(t, b.email)
    expect(linkParameter(mailA!.textBody, 'token')).not.toBe(linkParameter(mailB!.textBody, 'token'))
    // Each link resets its own account only.
    expect((await reset(linkParameter(mailB!.textBody, 'token'), 'nova-senha-do-b')).statusCode).toBe(200)
    expect(await canLogIn(b.email, 'nova-senha-do-b')).toBe(true)
    expect(await canLogIn(a.email, OLD_PASSWORD)).toBe(true)
  })

  it('an e-mail sent as an access code names nobody, and the answer is the same', async () => {
    const user = await accountWithPassword()
    const response = await recover(user.email, { isAccessCode: true })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({
      loc: ['query', 'email'],
      msg: 'Código de acesso inválido: informe o CPF com 11 dígitos',
    })
    expect(await mailsTo(t, user.email)).toEqual([])
  })

  it.each([
    ['no e-mail', '', 'Este campo é obrigatório'],
    ['an empty e-mail', '?email=', 'Este campo é obrigatório'],
    ['not an e-mail', '?email=aluno', 'Por favor, insira um e-mail válido'],
    ['a bad isAccessCode', '?email=a%40example.com&isAccessCode=talvez', 'Valor não permitido'],
  ])('answers 422 in Portuguese for %s', async (_, query, message) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/login/recover-password/${query}`, remoteAddress: newAddress() })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(message)
  })

  it('uses the brand of the host asked from (D5): a phenom host gets a Phenom e-mail and link', async () => {
    const user = await accountWithPassword()
    await recover(user.email, { host: 'phenom.localhost:8080' })
    const [mail] = await mailsTo(t, user.email)
    expect(mail!.subject).toBe('Redefinição de senha · Phenom Idiomas')
    expect(mail!.textBody).toMatch(/Phenom Idiomas$/)
    expect(mail!.htmlBody).toContain('#D10047')
    expect(firstLink(mail!.textBody).origin).toBe('http://phenom.localhost')
  })

  it('never builds the link on a forged Host or X-Forwarded-Host, even behind a trusted proxy (issue 36)', async () => {
    const proxied = await createTestApp({ trustProxy: true })
    try {
      await proxied.app.listen({ host: '127.0.0.1', port: 0 })
      const { port } = proxied.app.server.address() as AddressInfo
      const user = await createAccount(proxied.app, proxied.db)
      const cases: [Record<string, string>, string, string][] = [
        [{ host: 'attacker.example' }, `http://localhost:${port}`, 'KNN Idiomas'],
        [
          { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
          `http://localhost:${port}`,
          'KNN Idiomas',
        ],
        [{ host: 'attacker.example', origin: 'https://attacker.example' }, `http://localhost:${port}`, 'KNN Idiomas'],
        // A forged host still gets its brand's e-mail, with the brand's own local origin.
        [{ host: 'x', 'x-forwarded-host': 'phenom.attacker.example:4443' }, `http://phenom.localhost:${port}`, 'Phenom Idiomas'],
      ]
      for (const [i, [headers, origin, brand]] of cases.entries()) {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: `/api/v1/login/recover-password/?email=${user.email}`,
              // Each from an address of its own, within the recovery limits.
              headers: { ...headers, 'x-forwarded-for': `192.0.2.${i + 1}` },
            },
            (response) => response.resume().on('end', () => resolve(response.statusCode!)),
          )
          request.on('error', reject).end()
        })
        expect(status).toBe(200)
        const [mail] = await mailsTo(proxied, user.email)
        expect(firstLink(mail!.textBody).origin).toBe(origin)
        expect(mail!.htmlBody).not.toContain('attacker')
        expect(mail!.subject).toContain(brand)
        await proxied.db.orm.delete(mailOutbox)
      }
    } finally {
      await proxied.close()
    }
  })

  it('limits e-mails per address or CPF from everywhere (5 per 5 minutes) the same for known and unknown ones', async () => {
    const user = await accountWithPassword()
    const nobody = `ninguem-${randomUUID()}@example.com`
    for (const email of [user.email, nobody]) {
      // Each from an address of its own: only the per-e-mail cap is reached.
      for (let i = 0; i < RECOVERY_LIMITS.recoveryIdentifier; i++) expect((await recover(email)).statusCode).toBe(200)
      const refused = await recover(email)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({
        detail: 'Muitos pedidos de recuperação de senha para estes dados. Aguarde 5 minutos e tente novamente.',
      })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(4 * 60)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(RECOVERY_IDENTIFIER_WINDOW_MS / 1000)
    }
    expect(await mailsTo(t, user.email)).toHaveLength(RECOVERY_LIMITS.recoveryIdentifier)
  })

  it('a stranger’s 30 requests for her e-mail are limited at the stranger’s address; the owner’s own request is sent (issue 36)', async () => {
    const user = await accountWithPassword()
    const stranger = newAddress()
    const answers = []
    for (let i = 0; i < 30; i++) answers.push((await recover(user.email, { address: stranger })).statusCode)
    expect(answers.filter((status) => status === 200)).toHaveLength(RECOVERY_LIMITS.recoveryIdentifierAddress)
    expect(answers.filter((status) => status === 429)).toHaveLength(30 - RECOVERY_LIMITS.recoveryIdentifierAddress)
    const refused = await recover(user.email, { address: stranger })
    expect(refused.json().detail).toBe('Muitos pedidos de recuperação de senha para estes dados. Aguarde 15 minutos e tente novamente.')

    const before = (await mailsTo(t, user.email)).length
    const own = await recover(user.email, { address: newAddress() })
    expect(own.statusCode).toBe(200)
    const mails = await mailsTo(t, user.email)
    expect(mails).toHaveLength(before + 1)
    // Her link works.
    expect((await reset(linkParameter(mails[0]!.textBody, 'token'), 'senha-da-dona-1')).statusCode).toBe(200)
  })

  it('the owner’s known device is never held up by the per-e-mail cap others filled (device cookie)', async () => {
    const user = await accountWithPassword()
    const login = await t.app.inject({ ...loginRequest({ username: user.email, password: OLD_PASSWORD }), remoteAddress: newAddress() })
    expect(login.statusCode).toBe(200)
    const cookie = String(login.headers['set-cookie']).split(';')[0]!
    // Strangers from many addresses fill the cap.
    for (let i = 0; i < RECOVERY_LIMITS.recoveryIdentifier; i++) expect((await recover(user.email)).statusCode).toBe(200)
    expect((await recover(user.email)).statusCode).toBe(429)
    const before = (await mailsTo(t, user.email)).length
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/recover-password/?email=${user.email}`,
      remoteAddress: newAddress(),
      headers: { cookie },
    })
    expect(own.statusCode).toBe(200)
    expect(await mailsTo(t, user.email)).toHaveLength(before + 1)
    // The cookie is for her e-mail only: it does not lift the cap for another one.
    const other = await accountWithPassword()
    for (let i = 0; i < RECOVERY_LIMITS.recoveryIdentifier; i++) await recover(other.email)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/recover-password/?email=${other.email}`,
      remoteAddress: newAddress(),
      headers: { cookie },
    })
    expect(elsewhere.statusCode).toBe(429)
  })

  it('limits requests per client address (20 per 15 minutes) across e-mails', async () => {
    const address = newAddress()
    for (let i = 0; i < RECOVERY_LIMITS.recoveryAddress; i++) {
      expect((await recover(`varios-${i}-${randomUUID()}@example.com`, { address })).statusCode).toBe(200)
    }
    const refused = await recover(`mais-um-${randomUUID()}@example.com`, { address })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toBe('Muitos pedidos de recuperação de senha a partir desta rede. Aguarde 15 minutos e tente novamente.')
    // Another network is not affected.
    expect((await recover(`outra-rede-${randomUUID()}@example.com`)).statusCode).toBe(200)
  })

  it('builds links on PORTAL_PUBLIC_URLS when configured, whatever Host the request forged', async () => {
    const configured = await createTestApp({ portalPublicUrls: ['https://portal.knn.example', 'https://portal.phenom.example'] })
    try {
      const user = await createAccount(configured.app, configured.db)
      for (const [host, origin, brand] of [
        ['evil.example', 'https://portal.knn.example', 'KNN Idiomas'],
        ['phenom.evil.example', 'https://portal.phenom.example', 'Phenom Idiomas'],
        ['portal.phenom.example', 'https://portal.phenom.example', 'Phenom Idiomas'],
      ] as const) {
        await configured.app.inject({ method: 'POST', url: `/api/v1/login/recover-password/?email=${user.email}`, headers: { host } })
        const [mail] = await mailsTo(configured, user.email)
        expect(firstLink(mail!.textBody).origin).toBe(origin)
        expect(mail!.subject).toContain(brand)
        await configured.db.orm.delete(mailOutbox)
      }
    } finally {
      await configured.close()
    }
  })
})

describe('POST /login/reset-password/ (SPEC §7)', () => {
  it('sets the new password: it logs in, the old one does not, and every other session ends', async () => {
    const user = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    const response = await reset(token, 'minha-nova-senha')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: PASSWORD_RESET })

    expect(await canLogIn(user.email, 'minha-nova-senha')).toBe(true)
    expect(await canLogIn(user.email, OLD_PASSWORD)).toBe(false)
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(user.token) })
    expect(me.statusCode).toBe(401)
  })

  it('a used link gets "Erro ao resetar senha" and changes nothing', async () => {
    const user = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    expect((await reset(token, 'primeira-nova')).statusCode).toBe(200)
    const again = await reset(token, 'segunda-nova')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: RESET_FAILED })
    expect(await canLogIn(user.email, 'primeira-nova')).toBe(true)
    expect(await canLogIn(user.email, 'segunda-nova')).toBe(false)
  })

  it('an expired link gets "Erro ao resetar senha"', async () => {
    const user = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    await t.db.orm
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)))
    const response = await reset(token, 'tarde-demais')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: RESET_FAILED })
    expect(await canLogIn(user.email, OLD_PASSWORD)).toBe(true)
  })

  it('an unknown token gets "Erro ao resetar senha"', async () => {
    const response = await reset('x'.repeat(43), 'qualquer-senha')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: RESET_FAILED })
  })

  it('a link sent before the account changed its e-mail no longer works', async () => {
    const user = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    await t.db.orm
      .update(users)
      .set({ email: `novo-${randomUUID()}@example.com` })
      .where(eq(users.id, user.id))
    expect((await reset(token, 'nao-deve-valer')).json()).toEqual({ detail: RESET_FAILED })
  })

  it('using one link voids the older links of the account', async () => {
    const user = await accountWithPassword()
    const older = await resetTokenFor(user.email)
    const newer = await resetTokenFor(user.email)
    expect(older).not.toBe(newer)
    expect((await reset(newer, 'senha-do-link-novo')).statusCode).toBe(200)
    expect((await reset(older, 'senha-do-link-velho')).json()).toEqual({ detail: RESET_FAILED })
    expect(await canLogIn(user.email, 'senha-do-link-novo')).toBe(true)
  })

  it('two requests with one link at once: exactly one sets its password', async () => {
    const user = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    const answers = await Promise.all([reset(token, 'corrida-numero-1'), reset(token, 'corrida-numero-2')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
    const winner = answers[0]!.statusCode === 200 ? 'corrida-numero-1' : 'corrida-numero-2'
    expect(await canLogIn(user.email, winner)).toBe(true)
  })

  it.each([
    ['a short password', 'token=' + 'a'.repeat(43), { new_password: 'curta' }, 'Você deve inserir no mínimo 8 caracteres'],
    ['no password', 'token=' + 'a'.repeat(43), {}, 'Este campo é obrigatório'],
    ['no token', '', { new_password: 'senha-longa-o-bastante' }, 'Este campo é obrigatório'],
    ['a token with other characters', 'token=' + '%24'.repeat(43), { new_password: 'senha-longa-o-bastante' }, 'Formato inválido'],
  ])('answers 422 in Portuguese for %s', async (_, query, payload, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/reset-password/?${query}`,
      payload,
      remoteAddress: newAddress(),
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(message)
  })

  it('limits reset attempts per client address (20 per 15 minutes)', async () => {
    const address = newAddress()
    for (let i = 0; i < RECOVERY_LIMITS.resetAddress; i++)
      expect((await reset('y'.repeat(43), 'senha-qualquer', address)).statusCode).toBe(400)
    const refused = await reset('y'.repeat(43), 'senha-qualquer', address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toBe('Muitas tentativas de redefinir a senha a partir desta rede. Aguarde 15 minutos e tente novamente.')
  })

  it('ignores a bearer token: the link alone decides whose password changes', async () => {
    const user = await accountWithPassword()
    const other = await accountWithPassword()
    const token = await resetTokenFor(user.email)
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/reset-password/?token=${token}`,
      payload: { new_password: 'senha-via-link' },
      headers: bearer(other.token),
      remoteAddress: newAddress(),
    })
    expect(response.statusCode).toBe(200)
    expect(await canLogIn(user.email, 'senha-via-link')).toBe(true)
    expect(await canLogIn(other.email, OLD_PASSWORD)).toBe(true)
  })

  it('an account without a password can set one through the link', async () => {
    const user = await accountWithPassword()
    await t.db.orm.update(users).set({ passwordHash: null }).where(eq(users.id, user.id))
    const token = await resetTokenFor(user.email)
    expect((await reset(token, 'primeira-senha-dela')).statusCode).toBe(200)
    expect(await canLogIn(user.email, 'primeira-senha-dela')).toBe(true)
    const [row] = await t.db.orm.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id))
    expect(row!.hash).toMatch(/^\$argon2id\$/)
  })
})
