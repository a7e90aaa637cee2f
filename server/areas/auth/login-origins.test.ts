import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loginOrigensOf } from './login-origins-repository.ts'
import { loginOrigens } from './login-origins-schema.ts'
import { DEMO_PASSWORD } from '../../db/seed.ts'
import { createTestApp, loginRequest, testAppForFile } from '../../test/app.ts'

/** D25: a partner landing page's prospex, cupom and company stored with the login. Tests run shuffled: each looks for its own values. */
const t = testAppForFile()

const STUDENT = 'aluno@example.com'

async function idOf(email: string): Promise<number> {
  const user = await t.db.orm.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) })
  if (!user) throw new Error(`no seeded ${email}`)
  return user.id
}

async function login(fields: Record<string, string>) {
  const response = await t.app.inject(loginRequest(fields))
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

async function rowCount(): Promise<number> {
  const [row] = await t.db.orm.select({ n: count() }).from(loginOrigens)
  return row!.n
}

describe('the login origin (D25)', () => {
  it('stores the prospect, coupon and company with a successful login, trimmed', async () => {
    const before = Date.now()
    const answer = await login({ username: STUDENT, password: DEMO_PASSWORD, prospex: ' P1 ', cupom: 'PARCEIRA10', company: 'ACME Ltda.' })
    expect(answer.status).toBe(200)
    expect(answer.body.access_token).toEqual(expect.any(String))
    const rows = (await loginOrigensOf(t.db.orm, await idOf(STUDENT))).filter((row) => row.prospex === 'P1')
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row).toMatchObject({ prospex: 'P1', cupom: 'PARCEIRA10', company: 'ACME Ltda.' })
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('stores only the fields that came; the others stay null', async () => {
    const userId = await idOf('novo.aluno@example.com')
    expect((await login({ username: 'novo.aluno@example.com', password: DEMO_PASSWORD, cupom: 'SOCUPOM' })).status).toBe(200)
    expect(await loginOrigensOf(t.db.orm, userId)).toMatchObject([{ userId, prospex: null, cupom: 'SOCUPOM', company: null }])
  })

  it('writes nothing for a login without them, or with only blanks', async () => {
    const before = await rowCount()
    expect((await login({ username: STUDENT, password: DEMO_PASSWORD })).status).toBe(200)
    expect((await login({ username: STUDENT, password: DEMO_PASSWORD, prospex: '', cupom: '   ', company: '' })).status).toBe(200)
    expect(await rowCount()).toBe(before)
  })

  it('writes nothing for a failed login', async () => {
    const before = await rowCount()
    const answer = await login({ username: STUDENT, password: 'senha-errada', prospex: 'P2', cupom: 'X', company: 'Y' })
    expect(answer.status).toBe(400)
    expect(await rowCount()).toBe(before)
  })

  it('stores it once, for the account chosen among siblings (D9), not for the list', async () => {
    const marina = await idOf('marina.pereira@example.com')
    const lucas = await idOf('lucas.pereira@example.com')
    const origin = { prospex: 'P3', cupom: 'IRMAOS', company: 'Parceira' }
    const listed = await login({ username: '123.456.789-09', password: DEMO_PASSWORD, ...origin })
    expect(listed.body.users).toHaveLength(2)
    expect(await loginOrigensOf(t.db.orm, marina)).toEqual([])
    expect((await login({ username: '123.456.789-09', password: DEMO_PASSWORD, user_id: String(marina), ...origin })).status).toBe(200)
    expect(await loginOrigensOf(t.db.orm, marina)).toMatchObject([origin])
    expect(await loginOrigensOf(t.db.orm, lucas)).toEqual([])
  })

  it('refuses values over 100 characters or with control characters with 422, and stores nothing', async () => {
    const before = await rowCount()
    const hostiles: Record<string, string>[] = [
      { prospex: 'P'.repeat(101) },
      { cupom: 'C'.repeat(10_000) },
      { company: 'ACME\u0000' },
      { cupom: 'linha\nquebrada' },
    ]
    for (const hostile of hostiles) {
      const answer = await login({ username: STUDENT, password: DEMO_PASSWORD, ...hostile })
      expect(answer.status).toBe(422)
      expect(answer.body.detail).toEqual([expect.objectContaining({ loc: ['body', Object.keys(hostile)[0]] })])
    }
    expect(await rowCount()).toBe(before)
  })

  it('keeps 100 characters and markup or SQL as text, exactly', async () => {
    const userId = await idOf(STUDENT)
    const origin = { prospex: 'P'.repeat(100), cupom: "'); drop table users; --", company: '<script>alert(1)</script> & Cia' }
    expect((await login({ username: STUDENT, password: DEMO_PASSWORD, ...origin })).status).toBe(200)
    const stored = await t.db.orm.select().from(loginOrigens).where(eq(loginOrigens.cupom, origin.cupom))
    expect(stored).toMatchObject([{ userId, ...origin }])
  })

  it('shows them on /dev/login-origens with the markup escaped, and not in production', async () => {
    const origin = { prospex: 'P9', cupom: 'VITRINE', company: '<b>Loja</b> & Filhos' }
    expect((await login({ username: 'menor@example.com', password: DEMO_PASSWORD, ...origin })).status).toBe(200)
    const page = await t.app.inject({ method: 'GET', url: '/dev/login-origens' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<td>menor@example.com</td><td>P9</td><td>VITRINE</td><td>&lt;b&gt;Loja&lt;/b&gt; &amp; Filhos</td>')
    expect(page.body).not.toContain('<b>Loja')
    const production = await createTestApp({ production: true })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/login-origens' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
