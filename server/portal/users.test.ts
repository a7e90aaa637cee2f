import { SignJWT } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../../src/api/contract.ts'
import { DEMO_PASSWORD } from '../db/seed.ts'
import { bearer, createTestApp, loginToken, type TestApp } from '../test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers })

function signed(claims: { sub?: string; exp: number }, secret = t.config.jwtSecret!) {
  let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(claims.exp - 60).setExpirationTime(claims.exp)
  if (claims.sub) jwt = jwt.setSubject(claims.sub)
  return jwt.sign(new TextEncoder().encode(secret))
}

function expectUnauthenticated(response: Awaited<ReturnType<typeof me>>) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({ detail: 'Não autenticado' })
  expect(response.headers['www-authenticate']).toBe('Bearer')
}

describe('GET /api/v1/users/me/', () => {
  it('answers 401 without a token', async () => {
    expectUnauthenticated(await me())
  })

  it('answers 401 for a malformed token, a token signed with another secret, and another scheme', async () => {
    expectUnauthenticated(await me(bearer('not-a-jwt')))
    const now = Math.floor(Date.now() / 1000)
    expectUnauthenticated(await me(bearer(await signed({ sub: '1', exp: now + 600 }, 'another-secret-another-secret-another'))))
    expectUnauthenticated(await me({ authorization: `Basic ${Buffer.from('aluno@example.com:demo1234').toString('base64')}` }))
  })

  it('answers 401 for an expired token', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }
    const expired = await signed({ sub, exp: Math.floor(Date.now() / 1000) - 5 })
    expectUnauthenticated(await me(bearer(expired)))
  })

  it('answers 401 for a validly signed token of an account that does not exist', async () => {
    expectUnauthenticated(await me(bearer(await signed({ sub: '999999', exp: Math.floor(Date.now() / 1000) + 600 }))))
  })

  it("gives the caller's own profile in the contract's CurrentUser shape", async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await me(bearer(token))
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(v.is(contract.usersMe.response, body)).toBe(true)
    expect(body).toMatchObject({
      role: 'student',
      full_name: 'Ana Beatriz Souza',
      email: 'aluno@example.com',
      cpf: '52998224725',
      is_club: true,
      driver_tour: {},
      drive_user: { company: { name: 'Escola Demonstração', escola_id: 2 } },
    })
    for (const field of ['phone', 'cep', 'street', 'street_number'] as const) expect(body[field]).toBeTruthy()
    // Seeded "now", in UTC: no registration update is needed (SPEC §4).
    expect(body.updated_at).toMatch(/Z$/)
    expect(Date.now() - Date.parse(body.updated_at)).toBeLessThan(24 * 60 * 60 * 1000)
    expect(body).not.toHaveProperty('password_hash')
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('tells siblings apart: each token sees its own account', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token/',
      payload: 'username=12345678909&password=demo1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const [lucas, marina] = first.json().users as { id: number }[]
    const lucasMe = (await me(bearer(await loginToken(t.app, '12345678909', DEMO_PASSWORD, lucas!.id)))).json()
    const marinaMe = (await me(bearer(await loginToken(t.app, '12345678909', DEMO_PASSWORD, marina!.id)))).json()
    expect(lucasMe.full_name).toBe('Lucas Pereira')
    expect(marinaMe.full_name).toBe('Marina Pereira')
    expect(lucasMe.cpf).toBe(marinaMe.cpf)
  })

  it('keeps the exact path: no trailing slash is another (unknown) route (D1)', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })
    expect(response.statusCode).toBe(404)
  })
})
