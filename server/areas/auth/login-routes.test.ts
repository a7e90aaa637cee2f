import { decodeJwt, jwtVerify } from 'jose'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { DEMO_PASSWORD } from '../../db/seed.ts'
import { loginRequest, testAppForFile } from '../../test/app.ts'
import { LOGIN_FAILED } from './login-routes.ts'

const t = testAppForFile()

async function login(fields: Record<string, string>) {
  const response = await t.app.inject(loginRequest(fields))
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers }
}

async function idOf(email: string): Promise<number> {
  const rows = await t.db.orm.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) })
  if (!rows) throw new Error(`no seeded ${email}`)
  return rows.id
}

describe('POST /api/v1/login/access-token/', () => {
  it('gives a bearer token for the right e-mail and password, signed for that user', async () => {
    const { status, body, headers } = await login({ username: 'aluno@example.com', password: DEMO_PASSWORD })
    expect(status).toBe(200)
    expect(body.token_type).toBe('bearer')
    expect(v.is(contract.loginAccessToken.response, body)).toBe(true)
    const token = body.access_token as string
    const { payload } = await jwtVerify(token, new TextEncoder().encode(t.config.jwtSecret!))
    expect(payload.sub).toBe(String(await idOf('aluno@example.com')))
    // The expiry follows ACCESS_TOKEN_TTL_MINUTES (8 days by default).
    expect(payload.exp! - payload.iat!).toBe(8 * 24 * 60 * 60)
    expect(headers['cache-control']).toBe('no-store')
  })

  it('ignores the case of the e-mail', async () => {
    const { status, body } = await login({ username: '  ALUNO@Example.COM ', password: DEMO_PASSWORD })
    expect(status).toBe(200)
    expect(decodeJwt(body.access_token as string).sub).toBe(String(await idOf('aluno@example.com')))
  })

  it('answers 400 with the SPEC §8 text for a wrong password', async () => {
    const { status, body } = await login({ username: 'aluno@example.com', password: 'wrong-password' })
    expect(status).toBe(400)
    expect(body).toEqual({ detail: LOGIN_FAILED })
    expect(LOGIN_FAILED).toBe('Usuário ou senha incorreta.')
  })

  it('answers the same 400 for an unknown user', async () => {
    const { status, body } = await login({ username: 'ninguem@example.com', password: DEMO_PASSWORD })
    expect(status).toBe(400)
    expect(body).toEqual({ detail: LOGIN_FAILED })
  })

  it('answers 422 naming the missing field (D2)', async () => {
    const { status, body } = await login({ username: 'aluno@example.com' })
    expect(status).toBe(422)
    expect(body).toEqual({ detail: [{ loc: ['body', 'password'], msg: 'Este campo é obrigatório', type: 'missing' }] })
  })

  it('lists the sibling accounts that share a CPF, then logs into the chosen one (D9)', async () => {
    const lucas = await idOf('lucas.pereira@example.com')
    const marina = await idOf('marina.pereira@example.com')

    const listed = await login({ username: '123.456.789-09', password: DEMO_PASSWORD })
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      users: [
        { id: lucas, full_name: 'Lucas Pereira', company_name: 'Escola Demonstração' },
        { id: marina, full_name: 'Marina Pereira', company_name: 'Escola Demonstração' },
      ],
    })

    const chosen = await login({ username: '12345678909', password: DEMO_PASSWORD, user_id: String(marina) })
    expect(chosen.status).toBe(200)
    expect(decodeJwt(chosen.body.access_token as string).sub).toBe(String(marina))
  })

  it('refuses a user_id outside the matching accounts', async () => {
    const outsider = await idOf('aluno@example.com')
    const { status, body } = await login({ username: '12345678909', password: DEMO_PASSWORD, user_id: String(outsider) })
    expect(status).toBe(400)
    expect(body).toEqual({ detail: LOGIN_FAILED })
  })

  it('logs straight in when only one sibling has that password', async () => {
    const { hashPassword } = await import('./password.ts')
    const { users } = await import('../users/schema.ts')
    const { eq } = await import('drizzle-orm')
    const lucas = await idOf('lucas.pereira@example.com')
    const [before] = await t.db.orm.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, lucas))
    await t.db.orm
      .update(users)
      .set({ passwordHash: await hashPassword('only-lucas-1') })
      .where(eq(users.id, lucas))
    try {
      const { status, body } = await login({ username: '123.456.789-09', password: 'only-lucas-1' })
      expect(status).toBe(200)
      expect(decodeJwt(body.access_token as string).sub).toBe(String(lucas))
    } finally {
      // The other tests of this file (run in any order) log the siblings in with the demo password.
      await t.db.orm.update(users).set({ passwordHash: before!.passwordHash }).where(eq(users.id, lucas))
    }
  })

  it('refuses a JSON body: the endpoint is an OAuth2 form (D2)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token/',
      payload: { username: 'aluno@example.com', password: DEMO_PASSWORD },
    })
    expect(response.statusCode).toBe(415)
    expect(typeof response.json().detail).toBe('string')
  })
})

describe('hostile usernames (issue 8 F3)', () => {
  const hostile = {
    '3,800 characters': `${'a'.repeat(3800)}@example.com`,
    'a NUL byte in an e-mail': 'aluno\u0000@example.com',
    'a NUL byte in a CPF': '123.456.789-0\u00009',
    'only control characters': '\u0001\u0002\u007f',
  }
  for (const [what, username] of Object.entries(hostile)) {
    it(`answers a 4xx with a Portuguese detail, never a 500, for ${what}`, async () => {
      const { status, body } = await login({ username, password: DEMO_PASSWORD })
      expect([400, 422]).toContain(status)
      // Either the SPEC §8 text (nobody has that name) or the contract's validation issue.
      const detail = body.detail
      const text = typeof detail === 'string' ? detail : (detail as { msg: string }[])[0]?.msg
      expect(text).toMatch(/[ãáçéêíóõú]|Usuário|campo/i)
    })
  }
})
