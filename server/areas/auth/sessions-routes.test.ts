import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { hashPassword } from './password.ts'
import { issueAccountToken } from './account-tokens-repository.ts'
import { userSessions } from './sessions-schema.ts'
import { users } from '../users/schema.ts'
import { bearer, jsonRequest, loginRequest, testAppForFile } from '../../test/app.ts'

/** Issue 36 item 3: every login opens a server-side session that logout and /me can end. */

const t = testAppForFile()

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const PASSWORD = 'senha-de-teste-1'

/** A student with a password, so each test logs in through the real login. */
async function student(): Promise<{ id: number; email: string }> {
  const email = `sessao-${randomBytes(5).toString('hex')}@example.com`
  const [row] = await t.db.orm
    .insert(users)
    .values({ email, fullName: 'Aluna de Teste', passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id })
  return { id: row!.id, email }
}

/** Logs in as a device would: its User-Agent and the host it opened. */
async function login(email: string, { userAgent = ANDROID_CHROME, host = 'localhost' } = {}, password = PASSWORD): Promise<string> {
  const request = loginRequest({ username: email, password })
  const response = await t.app.inject({ ...request, headers: { ...request.headers, 'user-agent': userAgent, host } })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { access_token: string }).access_token
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(token) })
const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/sessions/', headers: bearer(token) })
const logout = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: bearer(token) })
const revoke = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/users/sessions/${id}/`, headers: bearer(token) })
const revokeOthers = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/sessions/revoke-others/', headers: bearer(token) })

interface Listed {
  id: string
  device: string
  brand: string
  current: boolean
}
async function sessionsOf(token: string): Promise<Listed[]> {
  const response = await list(token)
  expect(response.statusCode, response.body).toBe(200)
  expect(v.is(contract.userSessions.response, response.json())).toBe(true)
  return response.json() as Listed[]
}

function expectEnded(response: Awaited<ReturnType<typeof me>>) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({ detail: 'Sua sessão foi encerrada' })
  expect(response.headers['www-authenticate']).toBe('Bearer')
}

describe('sessions (issue 36 item 3)', () => {
  it('opens one session per login, named by its device and brand, and lists it as this device', async () => {
    const { id, email } = await student()
    const phone = await login(email, { userAgent: ANDROID_CHROME, host: 'phenom.localhost' })
    const iphone = await login(email, { userAgent: IPHONE_SAFARI })

    const rows = await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, id))
    expect(rows).toHaveLength(2)
    expect(rows.every((row) => row.revokedAt === null && row.expiresAt > new Date())).toBe(true)

    const listed = await sessionsOf(phone)
    expect(
      listed.map(({ device, brand, current }) => ({ device, brand, current })).sort((a, b) => a.device.localeCompare(b.device)),
    ).toEqual([
      { device: 'Chrome no Android', brand: 'phenom', current: true },
      { device: 'Safari no iPhone', brand: 'knn', current: false },
    ])
    expect((await sessionsOf(iphone)).find((session) => session.current)?.device).toBe('Safari no iPhone')
  })

  it('logout ends this session only: its token answers 401 "Sua sessão foi encerrada", the other device goes on', async () => {
    const { id, email } = await student()
    const [phone, laptop] = [await login(email), await login(email, { userAgent: IPHONE_SAFARI })]
    const response = await logout(phone)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: 'Sessão encerrada.' })

    expectEnded(await me(phone))
    expectEnded(await list(phone))
    expectEnded(await logout(phone))
    expect((await me(laptop)).statusCode).toBe(200)
    const rows = await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, id))
    expect(rows.filter((row) => row.revokedAt !== null)).toHaveLength(1)
    expect((await sessionsOf(laptop)).map((session) => session.device)).toEqual(['Safari no iPhone'])
  })

  it("lists only the caller's own sessions", async () => {
    const [ana, bia] = await Promise.all([student(), student()])
    const anaToken = await login(ana.email)
    const biaToken = await login(bia.email, { userAgent: IPHONE_SAFARI })
    const anaIds = (await sessionsOf(anaToken)).map((session) => session.id)
    const biaIds = (await sessionsOf(biaToken)).map((session) => session.id)
    expect(anaIds).toHaveLength(1)
    expect(biaIds).toHaveLength(1)
    expect(anaIds).not.toEqual(biaIds)
  })

  it('"Encerrar" ends another device of the caller; another student\'s session is 404 and keeps working', async () => {
    const [ana, bia] = await Promise.all([student(), student()])
    const phone = await login(ana.email)
    const laptop = await login(ana.email, { userAgent: IPHONE_SAFARI })
    const biaToken = await login(bia.email)
    const laptopId = (await sessionsOf(phone)).find((session) => !session.current)!.id
    const biaId = (await sessionsOf(biaToken))[0]!.id

    const foreign = await revoke(phone, biaId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Sessão não encontrada' })
    expect((await me(biaToken)).statusCode).toBe(200)

    const ended = await revoke(phone, laptopId)
    expect(ended.statusCode).toBe(200)
    expect(ended.json()).toEqual({ detail: 'Aparelho desconectado.' })
    expectEnded(await me(laptop))
    // Already ended: nothing left to end.
    expect((await revoke(phone, laptopId)).statusCode).toBe(404)
    expect((await sessionsOf(phone)).map((session) => session.current)).toEqual([true])
  })

  it('"Sair de todos os outros aparelhos" ends every other session and keeps this one', async () => {
    const { email } = await student()
    const [first, second, third] = [await login(email), await login(email, { userAgent: IPHONE_SAFARI }), await login(email)]
    const response = await revokeOthers(first)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: '2 aparelhos desconectados.' })
    expectEnded(await me(second))
    expectEnded(await me(third))
    expect((await me(first)).statusCode).toBe(200)
    expect((await revokeOthers(first)).json()).toEqual({ detail: 'Nenhum outro aparelho estava conectado.' })
  })

  it('a password change ends every other session; this one goes on with its new token', async () => {
    const { email } = await student()
    const here = await login(email)
    const elsewhere = await login(email, { userAgent: IPHONE_SAFARI })
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/drive/api/v1/users/me/update-password/portal/',
      headers: bearer(here),
      payload: { current_password: PASSWORD, new_password: 'outra-senha-boa-2' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const renewed = (changed.json() as { access_token: string }).access_token

    expectEnded(await me(elsewhere))
    expect((await me(renewed)).statusCode).toBe(200)
    // The same session, not a new one: /me still lists one device, this one.
    expect((await sessionsOf(renewed)).map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Chrome no Android', current: true },
    ])
  })

  it('a completed reset ends every session of the account', async () => {
    const { id, email } = await student()
    const [phone, laptop] = [await login(email), await login(email, { userAgent: IPHONE_SAFARI })]
    const token = await issueAccountToken(t.db.orm, 'password_reset', { userId: id, email })
    const reset = await t.app.inject(
      jsonRequest('POST', `/api/v1/login/reset-password/?token=${token}`, { new_password: 'senha-redefinida-3' }),
    )
    expect(reset.statusCode, reset.body).toBe(200)
    expectEnded(await me(phone))
    expectEnded(await me(laptop))
    const rows = await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, id))
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true)
    const fresh = await login(email, {}, 'senha-redefinida-3')
    expect((await sessionsOf(fresh)).map((session) => session.current)).toEqual([true])
  })

  it('moves "last seen" at most once every few minutes, not on every request', async () => {
    const { id, email } = await student()
    const token = await login(email)
    const lastSeen = async () => (await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, id)))[0]!.lastSeenAt
    const atLogin = await lastSeen()
    expect((await me(token)).statusCode).toBe(200)
    expect(await lastSeen()).toEqual(atLogin)

    await t.db.orm
      .update(userSessions)
      .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(userSessions.userId, id))
    const old = await lastSeen()
    expect((await me(token)).statusCode).toBe(200)
    const moved = await lastSeen()
    expect(moved.getTime()).toBeGreaterThan(old.getTime() + 5 * 60_000)
    expect((await list(token)).statusCode).toBe(200)
    expect(await lastSeen()).toEqual(moved)
  })
})
