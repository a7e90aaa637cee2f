import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, loginRequest, type TestApp } from '../test/app.ts'
import { redactUrl } from './logging.ts'

describe('redactUrl', () => {
  it('replaces the values of secret query parameters only', () => {
    expect(redactUrl('/api/v1/login/reset-password/?token=abc123&x=1')).toBe('/api/v1/login/reset-password/?token=[redacted]&x=1')
    expect(redactUrl('/r/?Email=a%40b.com&isAccessCode=true')).toBe('/r/?Email=[redacted]&isAccessCode=true')
    expect(redactUrl('/r/?password=p&new_password=q&keep=ok')).toBe('/r/?password=[redacted]&new_password=[redacted]&keep=ok')
    expect(redactUrl('/api/v1/users/me/')).toBe('/api/v1/users/me/')
  })
})

describe('request logs', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'trace' },
      { logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) },
    )
  })
  afterAll(() => t.close())

  it('never contain a password, a bearer token or a query-string secret', async () => {
    const password = 'demo1234'
    const login = await t.app.inject(loginRequest({ username: 'aluno@example.com', password }))
    const token = login.json().access_token as string
    expect(token).toBeTruthy()
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { ...bearer(token), cookie: 'session=cookie-secret' } })
    await t.app.inject({
      method: 'PUT',
      url: '/drive/api/v1/users/me/update-password/portal/',
      headers: bearer(token),
      payload: { current_password: 'wrong-current-secret', new_password: 'brand-new-secret' },
    })
    await t.app.inject({ method: 'POST', url: '/api/v1/login/reset-password/?token=reset-token-secret&email=aluno%40example.com' })

    const log = lines.join('')
    // The requests were logged…
    expect(log).toContain('/api/v1/users/me/')
    expect(log).toContain('/api/v1/login/reset-password/?token=[redacted]&email=[redacted]')
    // …without any secret.
    for (const secret of [password, token, token.split('.')[2]!, 'cookie-secret', 'wrong-current-secret', 'brand-new-secret', 'reset-token-secret', 'aluno%40example.com']) {
      expect(log, secret).not.toContain(secret)
    }
  })
})
