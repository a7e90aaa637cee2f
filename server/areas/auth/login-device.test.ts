import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie.ts'
import { hashPassword } from './password.ts'
import { LOGIN_LIMITS } from './login-failures-repository.ts'
import { users } from '../users/schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { createTestApp, loginRequest, testAppForFile } from '../../test/app.ts'
import { LOGIN_FAILED } from './login-routes.ts'

/**
 * Lockouts only for the attacker (issue 36 item 5): a device the account logged in on
 * before has its own budget, so failures from elsewhere never lock the owner's known device.
 */
const t = testAppForFile()

const PASSWORD = 'senha-da-dona-1'

async function owner(): Promise<string> {
  const account = await createAccount(t.app, t.db)
  await t.db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, account.id))
  return account.email
}

interface Answer {
  status: number
  detail?: string
  setCookie?: string
  accessToken?: string
}

async function login(username: string, password: string, address: string, cookie?: string, app = t.app): Promise<Answer> {
  const response = await app.inject({
    ...loginRequest({ username, password }),
    remoteAddress: address,
    ...(cookie ? { headers: { ...loginRequest({ username, password }).headers, cookie } } : {}),
  })
  const body = response.json() as { detail?: string; access_token?: string }
  const setCookie = response.headers['set-cookie']
  return { status: response.statusCode, detail: body.detail, accessToken: body.access_token, setCookie: setCookie && String(setCookie) }
}

/** The `name=value` pair a browser sends back. */
const pair = (setCookie: string | undefined) => setCookie!.split(';')[0]!

/** 200 wrong guesses, 10 from each of 20 loopback addresses (127.0.0.2–21), 20 at a time. */
async function foreignFailures(username: string): Promise<number[]> {
  const statuses: number[] = []
  for (let round = 0; round < 10; round++) {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, a) => login(username, `palpite-${round}-${a}`, `127.0.0.${a + 2}`)))
    statuses.push(...answers.map((answer) => answer.status))
  }
  return statuses
}

describe('device cookies (issue 36)', () => {
  it('sets a signed, HttpOnly, SameSite=Strict cookie for the login endpoints only, naming no e-mail', async () => {
    const email = await owner()
    const answer = await login(email, PASSWORD, '127.0.0.1')
    expect(answer.status).toBe(200)
    const attributes = answer.setCookie!.split('; ')
    expect(attributes[0]).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}$`))
    expect(attributes.slice(1).sort()).toEqual([
      'HttpOnly',
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      'Path=/api/v1/login/',
      'SameSite=Strict',
    ])
    expect(answer.setCookie).not.toContain(email.split('@')[0])
    // A failed login sets none.
    expect((await login(email, 'errada', '127.0.0.1')).setCookie).toBeUndefined()
  })

  it('after 200 wrong guesses from 20 addresses the owner’s known device logs in at once; unknown devices stay refused', async () => {
    const email = await owner()
    const first = await login(email, PASSWORD, '127.0.0.1')
    expect(first.status).toBe(200)
    const known = pair(first.setCookie)

    const statuses = await foreignFailures(email)
    expect(statuses).toHaveLength(200)
    // Counted as before for unknown devices: the account's cap stops the guessing.
    expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_LIMITS.identifier)
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - LOGIN_LIMITS.identifier)

    const again = await login(email, PASSWORD, '127.0.0.1', known)
    expect(again.status).toBe(200)
    expect(again.accessToken).toBeTruthy()
    // A fresh entry for the next time.
    expect(pair(again.setCookie)).not.toBe(known)

    // Without the cookie, from her address or another one: the account's limit holds.
    for (const address of ['127.0.0.1', '127.0.0.99']) {
      expect(await login(email, PASSWORD, address)).toMatchObject({
        status: 429,
        detail: 'Muitas tentativas de login com estes dados. Aguarde 15 minutos e tente novamente.',
      })
    }
    // A tampered cookie is an unknown device.
    const tampered = known.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect((await login(email, PASSWORD, '127.0.0.1', tampered)).status).toBe(429)
    // Another account's device cookie does not count for this one.
    const other = await owner()
    const otherCookie = pair((await login(other, PASSWORD, '127.0.0.50')).setCookie)
    expect((await login(email, PASSWORD, '127.0.0.50', otherCookie)).status).toBe(429)
  })

  it('a known device has its own budget: guessing with its cookie locks that device only', async () => {
    const email = await owner()
    const phone = pair((await login(email, PASSWORD, '127.0.1.1')).setCookie)
    const laptop = pair((await login(email, PASSWORD, '127.0.1.1')).setCookie)
    for (let i = 0; i < LOGIN_LIMITS.device; i++)
      expect(await login(email, `errada-${i}`, '127.0.1.1', phone)).toMatchObject({ status: 400, detail: LOGIN_FAILED })
    expect(await login(email, PASSWORD, '127.0.1.1', phone)).toMatchObject({
      status: 429,
      detail: 'Muitas tentativas de login com estes dados. Aguarde 15 minutos e tente novamente.',
    })
    // The same address, another known device, and an unknown one: none counted those failures.
    expect((await login(email, PASSWORD, '127.0.1.1', laptop)).status).toBe(200)
    expect((await login(email, PASSWORD, '127.0.1.1')).status).toBe(200)
  })

  it('keeps the devices of several accounts (a shared computer) and marks the cookie Secure over https', async () => {
    const proxied = await createTestApp({ trustProxy: true })
    try {
      const accounts = await Promise.all([0, 1].map(() => createAccount(proxied.app, proxied.db)))
      const hash = await hashPassword(PASSWORD)
      await proxied.db.orm
        .update(users)
        .set({ passwordHash: hash })
        .where(
          inArray(
            users.id,
            accounts.map((account) => account.id),
          ),
        )
      const https = (username: string, cookie?: string) =>
        proxied.app.inject({
          ...loginRequest({ username, password: PASSWORD }),
          headers: {
            ...loginRequest({ username, password: PASSWORD }).headers,
            'x-forwarded-proto': 'https',
            ...(cookie ? { cookie } : {}),
          },
        })
      const first = await https(accounts[0]!.email)
      expect(String(first.headers['set-cookie'])).toMatch(/; Secure$/)
      const second = await https(accounts[1]!.email, pair(String(first.headers['set-cookie'])))
      const both = pair(String(second.headers['set-cookie']))
      // Both accounts' entries, the newest first.
      expect(both.split('=')[1]!.split('~')).toHaveLength(2)
      expect(both).toContain(pair(String(first.headers['set-cookie'])).split('=')[1])
    } finally {
      await proxied.close()
    }
  })
})
