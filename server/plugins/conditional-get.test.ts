import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { parcelas } from '../areas/instalments/schema.ts'
import { users } from '../areas/users/schema.ts'
import { bearer, demoToken, loginRequest, testAppForFile } from '../test/app.ts'
import { matchesIfNoneMatch } from './conditional-get.ts'

describe('matchesIfNoneMatch (RFC 9110 weak comparison)', () => {
  const etag = 'W/"abc"'
  it('matches the same tag, weak or strong, alone, in a list or as *', () => {
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true)
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true)
    expect(matchesIfNoneMatch('"x", W/"abc" , "y"', etag)).toBe(true)
    expect(matchesIfNoneMatch('*', etag)).toBe(true)
  })
  it('does not match another tag, an empty header or none', () => {
    expect(matchesIfNoneMatch('W/"abd"', etag)).toBe(false)
    expect(matchesIfNoneMatch('abc', etag)).toBe(false)
    expect(matchesIfNoneMatch('', etag)).toBe(false)
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false)
  })
})

const t = testAppForFile()
let ana: string

beforeAll(async () => {
  ana = await demoToken(t.app, 'ana')
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...bearer(ana), ...headers } })

describe('ETag and If-None-Match on API GET answers (issue 7 §1)', () => {
  it('tags a GET answer; the same tag back costs a 304 with no body, still no-store', async () => {
    const first = await get('/at-home/financeiro/')
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('no-store')

    const again = await get('/at-home/financeiro/', { 'if-none-match': String(etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['content-type']).toBeUndefined()
    expect(again.headers['content-length']).toBeUndefined()
    expect(again.headers['cache-control']).toBe('no-store')
  })

  it('answers the whole body to a stale or foreign tag', async () => {
    const response = await get('/users/me/', { 'if-none-match': 'W/"not-this-one"' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: 'aluno@example.com' })
    expect(response.headers.etag).toMatch(/^W\//)
  })

  it('changes the tag when the data changes, so the old tag gets the new data', async () => {
    const before = await get('/users/me/')
    const [row] = await t.db.orm.select({ id: users.id }).from(users).where(eq(users.email, 'aluno@example.com'))
    await t.db.orm.update(users).set({ fullName: 'Ana Beatriz Souza Lima' }).where(eq(users.id, row!.id))
    try {
      const after = await get('/users/me/', { 'if-none-match': String(before.headers.etag) })
      expect(after.statusCode).toBe(200)
      expect(after.json()).toMatchObject({ full_name: 'Ana Beatriz Souza Lima' })
      expect(after.headers.etag).not.toBe(before.headers.etag)
    } finally {
      await t.db.orm.update(users).set({ fullName: 'Ana Beatriz Souza' }).where(eq(users.id, row!.id))
    }

    const list = await get('/at-home/financeiro/')
    const [parcela] = await t.db.orm.select({ id: parcelas.id }).from(parcelas).where(eq(parcelas.userId, row!.id)).limit(1)
    await t.db.orm.update(parcelas).set({ descricao: 'Mensalidade — alterada' }).where(eq(parcelas.id, parcela!.id))
    const changed = await get('/at-home/financeiro/', { 'if-none-match': String(list.headers.etag) })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toContain('Mensalidade — alterada')
  })

  it('never tags an error, even when asked with *', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { 'if-none-match': '*' } })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ detail: 'Não autenticado' })
    expect(anonymous.headers.etag).toBeUndefined()
    const missing = await get('/nao-existe/', { 'if-none-match': '*' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
  })

  it('does not tag writes', async () => {
    const response = await t.app.inject(loginRequest({ username: 'aluno@example.com', password: 'demo1234' }))
    expect(response.statusCode).toBe(200)
    expect(response.headers.etag).toBeUndefined()
  })
})
