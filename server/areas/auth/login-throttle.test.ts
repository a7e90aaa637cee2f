import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addressGroup, countedLoginAttempts, LOGIN_LIMITS, LOGIN_WINDOW_MS, reserveAttempts } from './login-failures-repository.ts'
import { loginAttempts } from './login-failures-schema.ts'
import { DEMO_PASSWORD } from '../../db/seed.ts'
import { loginRequest, testAppForFile } from '../../test/app.ts'
import { LOGIN_FAILED } from './login-routes.ts'

const t = testAppForFile()

interface Answer {
  status: number
  detail?: string
  retryAfter?: string
}

async function login(username: string, password: string, address: string): Promise<Answer> {
  const response = await t.app.inject({ ...loginRequest({ username, password }), remoteAddress: address })
  const body = response.json() as { detail?: string }
  return { status: response.statusCode, detail: body.detail, retryAfter: response.headers['retry-after'] as string | undefined }
}

/** Wrong passwords, `parallel` at a time, all expected to be evaluated (400). */
async function fail(usernames: string[], address: string, parallel = 10): Promise<void> {
  for (let start = 0; start < usernames.length; start += parallel) {
    const batch = usernames.slice(start, start + parallel)
    const answers = await Promise.all(batch.map((username, i) => login(username, `errada-${start + i}`, address)))
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, detail: LOGIN_FAILED })
  }
}

const times = (username: string, n: number) => Array<string>(n).fill(username)

describe('login throttling (issue 8 F1/F2)', () => {
  it('evaluates at most the limit of 200 parallel wrong guesses for one account; the rest get 429 unevaluated', async () => {
    const attacker = '203.0.113.7'
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login('aluno@example.com', `palpite-${i}`, attacker)))
    // A 400 with the SPEC §8 text is only produced after the password check.
    const evaluated = answers.filter((answer) => answer.status === 400)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.identifierAddress)
    expect(evaluated.length).toBeGreaterThan(0)
    expect(evaluated.length + refused.length).toBe(200)
    for (const answer of refused) {
      expect(answer.detail).toBe('Muitas tentativas de login com estes dados. Aguarde 15 minutos e tente novamente.')
      expect(Number(answer.retryAfter)).toBeGreaterThan(14 * 60)
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(15 * 60)
    }
    // The database counted exactly the evaluated ones.
    const counted = await countedLoginAttempts(t.db.orm, { identifier: 'aluno@example.com', address: attacker })
    expect(counted.identifierAddress).toBe(evaluated.length)

    // As the login limits intend (docs/accounts-and-sessions.md): the attacker's address stays refused even with the right password…
    expect(await login('aluno@example.com', DEMO_PASSWORD, attacker)).toMatchObject({ status: 429 })
    // …while the student logs in from their own phone.
    expect(await login('ALUNO@example.com', DEMO_PASSWORD, '192.0.2.50')).toMatchObject({ status: 200 })
  })

  it('slows one address that tries many accounts (credential stuffing), not the others', async () => {
    const stuffer = '198.51.100.9'
    await fail(
      Array.from({ length: LOGIN_LIMITS.address }, (_, i) => `vitima${i}@example.com`),
      stuffer,
    )
    const refused = await login('gestor@example.com', DEMO_PASSWORD, stuffer)
    expect(refused.status).toBe(429)
    expect(refused.detail).toBe('Muitas tentativas de login a partir desta rede. Aguarde 15 minutos e tente novamente.')
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(await login('gestor@example.com', DEMO_PASSWORD, '198.51.100.10')).toMatchObject({ status: 200 })
  })

  it('caps the guesses against one account from many addresses, looser than per address', async () => {
    const username = 'naoexiste@example.com'
    const addresses = LOGIN_LIMITS.identifier / LOGIN_LIMITS.identifierAddress
    for (let a = 0; a < addresses; a++) await fail(times(username, LOGIN_LIMITS.identifierAddress), `10.1.${a}.1`)
    expect(await login(username, 'outra', '10.2.0.1')).toMatchObject({
      status: 429,
      detail: 'Muitas tentativas de login com estes dados. Aguarde 15 minutos e tente novamente.',
    })
  })

  it('counts a CPF however it is typed; a success clears that address and gives the slot back', async () => {
    const phone = '192.0.2.77'
    await fail(times('123.456.789-09', LOGIN_LIMITS.identifierAddress - 1), phone)
    expect(await login('12345678909', DEMO_PASSWORD, phone)).toMatchObject({ status: 200 }) // siblings: the account list
    const after = await countedLoginAttempts(t.db.orm, { identifier: '12345678909', address: phone })
    expect(after).toEqual({
      identifierAddress: 0,
      identifier: LOGIN_LIMITS.identifierAddress - 1,
      address: LOGIN_LIMITS.identifierAddress - 1,
      device: 0,
    })

    await fail(times('123 456 789 09', LOGIN_LIMITS.identifierAddress), phone)
    expect(await login('123.456.789-09', DEMO_PASSWORD, phone)).toMatchObject({ status: 429 })
  })

  it('treats one IPv6 /64 as one address', async () => {
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe(addressGroup('2001:DB8:1:2::9'))
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'))
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1')
    await fail(times('gestor@example.com', LOGIN_LIMITS.identifierAddress), '2001:db8:7:7::1')
    expect(await login('gestor@example.com', DEMO_PASSWORD, '2001:db8:7:7:ffff::2')).toMatchObject({ status: 429 })
    expect(await login('gestor@example.com', DEMO_PASSWORD, '2001:db8:7:8::1')).toMatchObject({ status: 200 })
  })

  it('lets the address try again once its window is over', async () => {
    const address = '192.0.2.99'
    await fail(times('aluno@example.com', LOGIN_LIMITS.identifierAddress), address)
    expect(await login('aluno@example.com', DEMO_PASSWORD, address)).toMatchObject({ status: 429 })
    await t.db.orm.update(loginAttempts).set({ windowStart: sql`now() - interval '16 minutes'` })
    expect(await login('aluno@example.com', DEMO_PASSWORD, address)).toMatchObject({ status: 200 })
  })

  it('never asks to wait longer than the window, even when a later clock reading opened it (concurrent attempts)', async () => {
    const counter = { scope: 'identifier' as const, value: 'relogio@example.com', limit: 1 }
    const opened = new Date()
    expect((await reserveAttempts(t.db.orm, [counter], opened)).granted).toBe(true)
    // An attempt whose `now` was read 2 s before the one that opened the window, answered after it.
    const earlier = new Date(opened.getTime() - 2_000)
    const refused = await reserveAttempts(t.db.orm, [counter], earlier)
    expect(refused).toEqual({ granted: false, scope: 'identifier', retryAfterSeconds: LOGIN_WINDOW_MS / 1000 })
  })
})
