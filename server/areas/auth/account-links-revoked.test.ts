import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from './password.ts'
import { accountTokens } from './account-tokens-schema.ts'
import { users } from '../users/schema.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, loginToken, testAppForFile } from '../../test/app.ts'
import { linkParameter, mailsTo } from '../../test/outbox.ts'
import { VERIFICATION_FAILED } from './email-verification-routes.ts'
import { RESET_FAILED } from './password-recovery-routes.ts'

/**
 * Issue 36 item 2: a password change, a completed reset and an e-mail change void
 * every outstanding reset and confirmation link of the account, in the same transaction.
 */
const t = testAppForFile()

const PASSWORD = 'senha-de-teste-1'
let addresses = 0
const newAddress = () => `198.51.100.${++addresses}`

async function accountWithPassword(): Promise<TestAccount> {
  const account = await createAccount(t.app, t.db)
  await t.db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD), verifiedEmail: null })
    .where(eq(users.id, account.id))
  return account
}

/** The reset link's token the account's inbox holds now (the newest mail of that subject). */
async function resetLink(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/login/recover-password/?email=${email}`,
    remoteAddress: newAddress(),
  })
  expect(response.statusCode).toBe(200)
  const mail = (await mailsTo(t, email)).find((m) => m.subject.startsWith('Redefinição de senha'))
  return linkParameter(mail!.textBody, 'token')
}

async function confirmationLink(email: string, accessToken: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/send-email-verification/', headers: bearer(accessToken) })
  expect(response.statusCode).toBe(200)
  const mail = (await mailsTo(t, email)).find((m) => m.subject.startsWith('Confirme seu e-mail'))
  return linkParameter(mail!.textBody, 'token_email')
}

function reset(token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/login/reset-password/?token=${token}`,
    payload: { new_password: password },
    remoteAddress: newAddress(),
  })
}

function verify(accessToken: string, token: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/users/verify-email/', payload: { token_email: token }, headers: bearer(accessToken) })
}

function saveProfile(accessToken: string, email: string) {
  const body = {
    full_name: 'Pessoa de Teste',
    email,
    phone: '21987654321',
    cep: '22071900',
    street: 'Avenida Atlântica',
    street_number: '1',
  }
  return t.app.inject(jsonRequest('PUT', '/api/v1/users/profile/', body, bearer(accessToken)))
}

/** The links of the account still usable as far as the database says. */
async function outstandingLinks(userId: number) {
  return t.db.orm
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)))
}

describe('links die with the password (issue 36)', () => {
  it('a password change voids every earlier reset and confirmation link', async () => {
    const user = await accountWithPassword()
    const resetToken = await resetLink(user.email)
    const confirmation = await confirmationLink(user.email, user.token)
    expect(await outstandingLinks(user.id)).toHaveLength(2)

    const changed = await t.app.inject(
      jsonRequest(
        'PUT',
        '/drive/api/v1/users/me/update-password/portal/',
        { current_password: PASSWORD, new_password: 'trocada-agora-1' },
        bearer(user.token),
      ),
    )
    expect(changed.statusCode).toBe(200)
    expect(await outstandingLinks(user.id)).toEqual([])

    // The stolen reset link sets nothing: the new password stays.
    expect((await reset(resetToken, 'senha-do-ladrao')).json()).toEqual({ detail: RESET_FAILED })
    const token = await loginToken(t.app, user.email, 'trocada-agora-1')
    expect((await verify(token, confirmation)).json()).toEqual({ detail: VERIFICATION_FAILED })
    // A link asked for after the change works.
    expect((await reset(await resetLink(user.email), 'depois-da-troca')).statusCode).toBe(200)
  })

  it('a completed reset voids the confirmation links too, and the other reset links', async () => {
    const user = await accountWithPassword()
    const confirmation = await confirmationLink(user.email, user.token)
    const older = await resetLink(user.email)
    const used = await resetLink(user.email)
    expect((await reset(used, 'pelo-link-novo')).statusCode).toBe(200)
    expect(await outstandingLinks(user.id)).toEqual([])
    expect((await reset(older, 'pelo-link-velho')).json()).toEqual({ detail: RESET_FAILED })
    const token = await loginToken(t.app, user.email, 'pelo-link-novo')
    expect((await verify(token, confirmation)).json()).toEqual({ detail: VERIFICATION_FAILED })
  })

  it('an e-mail change voids the links to the old address, also once the address is back', async () => {
    const user = await accountWithPassword()
    const resetToken = await resetLink(user.email)
    const confirmation = await confirmationLink(user.email, user.token)

    // Saving the profile with the same address keeps them.
    expect((await saveProfile(user.token, user.email)).statusCode).toBe(200)
    expect(await outstandingLinks(user.id)).toHaveLength(2)

    expect((await saveProfile(user.token, `outro-${randomUUID()}@example.com`)).statusCode).toBe(200)
    expect(await outstandingLinks(user.id)).toEqual([])
    // Back to the old address: the old links stay dead.
    expect((await saveProfile(user.token, user.email)).statusCode).toBe(200)
    expect((await reset(resetToken, 'nao-deve-valer')).json()).toEqual({ detail: RESET_FAILED })
    expect((await verify(user.token, confirmation)).json()).toEqual({ detail: VERIFICATION_FAILED })
    expect(await loginToken(t.app, user.email, PASSWORD)).toBeTruthy()
  })

  it('a reset link lives one hour, a confirmation link 24 hours (D10)', async () => {
    const user = await accountWithPassword()
    await resetLink(user.email)
    await confirmationLink(user.email, user.token)
    const lifetimes = Object.fromEntries(
      (await outstandingLinks(user.id)).map((row) => [row.purpose, row.expiresAt.getTime() - row.createdAt.getTime()]),
    )
    expect(lifetimes).toEqual({ password_reset: 60 * 60 * 1000, email_verification: 24 * 60 * 60 * 1000 })
  })
})
