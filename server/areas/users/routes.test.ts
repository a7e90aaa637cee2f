import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { eq } from 'drizzle-orm'
import { DEMO_PASSWORD } from '../../db/seed.ts'
import { users } from './schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, demoToken, loginToken, jsonRequest, testAppForFile } from '../../test/app.ts'

const t = testAppForFile()

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers })

function signed(claims: { sub?: string; exp: number }, secret = t.config.jwtSecret!) {
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(claims.exp - 60)
    .setExpirationTime(claims.exp)
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

describe('PUT /api/v1/users/pwa/', () => {
  const putPwa = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject(jsonRequest('PUT', '/api/v1/users/pwa/', payload, headers))

  it('answers 401 without a token', async () => {
    expectUnauthenticated(await putPwa({ pwa_installed: true }))
  })

  it('stores the install outcome, answers the updated user and GET /users/me/ shows it', async () => {
    const token = await demoToken(t.app, 'ana')
    const before = (await me(bearer(token))).json()
    expect(before.pwa_installed).toBe(false)

    const installed = await putPwa({ pwa_installed: true }, bearer(token))
    expect(installed.statusCode).toBe(200)
    // Same serializer as GET /users/me/; the registration date does not move (SPEC §4).
    expect(installed.json()).toEqual({ ...before, pwa_installed: true })
    expect((await me(bearer(token))).json().pwa_installed).toBe(true)

    // SPEC §4: the prompt offered and dismissed reports false.
    expect((await putPwa({ pwa_installed: false }, bearer(token))).json().pwa_installed).toBe(false)
    expect((await me(bearer(token))).json().pwa_installed).toBe(false)
  })

  it("changes only the caller's account", async () => {
    const [lucas, marina] = await Promise.all([demoToken(t.app, 'lucas'), demoToken(t.app, 'marina')])
    await putPwa({ pwa_installed: true }, bearer(lucas))
    expect((await me(bearer(lucas))).json().pwa_installed).toBe(true)
    expect((await me(bearer(marina))).json().pwa_installed).toBe(false)
  })

  it('answers 422 with the location for a missing or non-boolean flag', async () => {
    const token = await demoToken(t.app, 'ana')
    for (const payload of [{ pwa_installed: 'yes' }, {}]) {
      const response = await putPwa(payload, bearer(token))
      expect(response.statusCode, JSON.stringify(payload)).toBe(422)
      expect(response.json().detail[0].loc).toEqual(['body', 'pwa_installed'])
    }
  })
})

describe('strict token claims (issue 8)', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret!)
  const now = () => Math.floor(Date.now() / 1000)

  /** A token for `userId` with exactly the claims given (nothing added). */
  function token(claims: Record<string, unknown>, alg = 'HS256') {
    return new SignJWT(claims).setProtectedHeader({ alg }).sign(key())
  }

  /** The session id (`sid`) a token the server issued carries. */
  const sidOf = (issued: string) => (JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid

  it('accepts a canonical token and refuses non-canonical subjects of the same account', async () => {
    const { id, token: issued } = await createAccount(t.app, t.db)
    const base = { ver: 0, sid: sidOf(issued), iat: now(), exp: now() + 600 }
    expect((await me(bearer(await token({ ...base, sub: String(id) })))).statusCode).toBe(200)
    for (const sub of [`${id}e0`, `0${id}`, ` ${id}`, `${id} `, `+${id}`, `${id}.0`, '0', '-1', '99999999999999999999', id]) {
      expectUnauthenticated(await me(bearer(await token({ ...base, sub }))))
    }
  })

  it('refuses a token without exp or iat, with a bad version, or signed with another algorithm', async () => {
    const { id } = await createAccount(t.app, t.db)
    const sub = String(id)
    expectUnauthenticated(await me(bearer(await token({ sub, ver: 0, exp: now() + 600 }))))
    expectUnauthenticated(await me(bearer(await token({ sub, ver: 0, iat: now() }))))
    expectUnauthenticated(await me(bearer(await token({ sub, ver: '0', iat: now(), exp: now() + 600 }))))
    expectUnauthenticated(await me(bearer(await token({ sub, ver: -1, iat: now(), exp: now() + 600 }))))
    expectUnauthenticated(await me(bearer(await token({ sub, ver: 0, iat: now(), exp: now() + 600 }, 'HS512'))))
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub, ver: 0, iat: now(), exp: now() + 600 })).toString('base64url')}.`
    expectUnauthenticated(await me(bearer(unsigned)))
  })

  /** A compact HS256 JWS over exactly the header and claims given, signed with the server's secret. */
  function handSigned(header: unknown, claims: unknown) {
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url')
    const input = `${encode(header)}.${encode(claims)}`
    return `${input}.${createHmac('sha256', key()).update(input).digest('base64url')}`
  }

  it("refuses a token without a session (issued before sessions), with a malformed one, or with another account's", async () => {
    const [mine, theirs] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const base = { sub: String(mine.id), ver: 0, iat: now(), exp: now() + 600 }
    expect((await me(bearer(await token({ ...base, sid: sidOf(mine.token) })))).statusCode).toBe(200)
    expectUnauthenticated(await me(bearer(await token(base))))
    for (const sid of [`${sidOf(mine.token)}=`, sidOf(mine.token).slice(1), 42, null, "' or 1=1 --"]) {
      expectUnauthenticated(await me(bearer(await token({ ...base, sid }))))
    }
    expectUnauthenticated(await me(bearer(await token({ ...base, sid: sidOf(theirs.token) }))))
  })

  it('refuses critical header extensions, a future nbf, non-numeric dates and any altered signature', async () => {
    const { id, token: issued } = await createAccount(t.app, t.db)
    const claims = { sub: String(id), ver: 0, sid: sidOf(issued), iat: now(), exp: now() + 600 }
    const good = handSigned({ alg: 'HS256', typ: 'JWT' }, claims)
    expect((await me(bearer(good))).statusCode).toBe(200)

    expectUnauthenticated(await me(bearer(handSigned({ alg: 'HS256', crit: ['exp'] }, claims))))
    expectUnauthenticated(await me(bearer(handSigned(['HS256'], claims))))
    expectUnauthenticated(await me(bearer(handSigned({ alg: 'HS256' }, [claims]))))
    expectUnauthenticated(await me(bearer(handSigned({ alg: 'HS256' }, { ...claims, nbf: now() + 600 }))))
    expectUnauthenticated(await me(bearer(handSigned({ alg: 'HS256' }, { ...claims, exp: String(now() + 600) }))))
    expectUnauthenticated(await me(bearer(handSigned({ alg: 'HS256' }, { ...claims, iat: String(now()) }))))
    const [header, payload, signature] = good.split('.') as [string, string, string]
    const flipped = signature.at(-2) === 'A' ? 'B' : 'A'
    expectUnauthenticated(await me(bearer(`${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`)))
    expectUnauthenticated(await me(bearer(`${good}=`)))
    expectUnauthenticated(await me(bearer(`${good}.${signature}`)))
    expectUnauthenticated(
      await me(bearer(`${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`)),
    )
  })
})

describe('GET /users/me/ cost (issue 7)', () => {
  it('is one database statement, token check included', async () => {
    const { token: bearerToken } = await createAccount(t.app, t.db)
    // The first request on a connection declares the prepared statement; count a later one.
    expect((await me(bearer(bearerToken))).statusCode).toBe(200)
    // What the engine is sent: PGlite's query/exec, or node-postgres's pool.query.
    const client = (t.db.orm as unknown as { $client: Record<string, unknown> }).$client
    const sent = (['query', 'exec'] as const)
      .filter((method) => typeof client[method] === 'function')
      .map((method) => vi.spyOn(client as Record<typeof method, (...args: unknown[]) => unknown>, method))
    try {
      const response = await me(bearer(bearerToken))
      expect(response.statusCode).toBe(200)
      expect(response.json().id).toBeGreaterThan(0)
      expect(sent.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(1)
    } finally {
      for (const spy of sent) spy.mockRestore()
    }
  })

  it('still refuses a token from before a password change (the one query checks the version)', async () => {
    const account = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ tokenVersion: 1 }).where(eq(users.id, account.id))
    expectUnauthenticated(await me(bearer(account.token)))
  })
})
