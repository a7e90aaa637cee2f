import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_FAILURE_LIMIT } from '../db/repositories/login-failures.ts'
import { loginFailures } from '../db/schema/login-failures.ts'
import { DEMO_PASSWORD } from '../db/seed.ts'
import { createTestApp, loginRequest, type TestApp } from '../test/app.ts'
import { LOGIN_FAILED, TOO_MANY_ATTEMPTS } from './login.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function login(username: string, password: string) {
  const response = await t.app.inject(loginRequest({ username, password }))
  return { status: response.statusCode, body: response.json() as { detail?: string; access_token?: string }, headers: response.headers }
}

async function failTimes(username: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(username, `errada-${i}`)).body.detail).toBe(LOGIN_FAILED)
}

describe('login throttling (password guessing)', () => {
  it(`refuses an identifier for 15 minutes after ${LOGIN_FAILURE_LIMIT} wrong passwords, even with the right one`, async () => {
    await failTimes('gestor@example.com', LOGIN_FAILURE_LIMIT)
    const blocked = await login('GESTOR@example.com', DEMO_PASSWORD)
    expect(blocked.status).toBe(429)
    expect(blocked.body.detail).toBe(TOO_MANY_ATTEMPTS)
    expect(blocked.headers['retry-after']).toBe('900')
    // Other accounts are not affected.
    expect((await login('aluno@example.com', DEMO_PASSWORD)).status).toBe(200)

    // Once the attempts are older than the window, the right password works again.
    await t.db.orm.update(loginFailures).set({ createdAt: sql`now() - interval '16 minutes'` })
    expect((await login('gestor@example.com', DEMO_PASSWORD)).status).toBe(200)
  })

  it('counts a CPF however it is typed, and a successful login clears the count', async () => {
    await failTimes('123.456.789-09', LOGIN_FAILURE_LIMIT - 1)
    const ok = await login('12345678909', DEMO_PASSWORD)
    expect(ok.status).toBe(200) // siblings: the account list
    await failTimes('123 456 789 09', LOGIN_FAILURE_LIMIT - 1)
    expect((await login('123.456.789-09', DEMO_PASSWORD)).status).toBe(200)
    const rows = await t.db.orm.select().from(loginFailures).where(sql`${loginFailures.identifier} = '12345678909'`)
    expect(rows).toHaveLength(0)
  })
})
