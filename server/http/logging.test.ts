import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, loginRequest, type TestApp } from '../test/app.ts'
import { capForLog, loggerOptions, MAX_LOGGED_LENGTH, redactUrl } from './logging.ts'

describe('redactUrl', () => {
  it("hides the push subscription secret SPEC §7 puts in a path (P136), not the area's fixed words", () => {
    expect(redactUrl('/api/v1/push-notifications/c2VjcmV0LWF1dGgtMTIz/')).toBe('/api/v1/push-notifications/[redacted]/')
    expect(redactUrl('/api/v1/push-notifications/c2VjcmV0?x=1')).toBe('/api/v1/push-notifications/[redacted]?x=1')
    expect(redactUrl('/api/v1/push-notifications/subscribe/')).toBe('/api/v1/push-notifications/subscribe/')
    expect(redactUrl('/api/v1/push-notifications/unsubscribe/12/')).toBe('/api/v1/push-notifications/unsubscribe/12/')
    expect(redactUrl('/api/v1/push-notifications/')).toBe('/api/v1/push-notifications/')
  })

  it('replaces the values of secret query parameters only', () => {
    expect(redactUrl('/api/v1/login/reset-password/?token=abc123&x=1')).toBe('/api/v1/login/reset-password/?token=[redacted]&x=1')
    expect(redactUrl('/r/?Email=a%40b.com&isAccessCode=true')).toBe('/r/?Email=[redacted]&isAccessCode=true')
    expect(redactUrl('/r/?password=p&new_password=q&keep=ok')).toBe('/r/?password=[redacted]&new_password=[redacted]&keep=ok')
    expect(redactUrl('/api/v1/users/me/')).toBe('/api/v1/users/me/')
  })
})

describe('capForLog', () => {
  it('keeps short values and cuts long ones, saying how much was left out', () => {
    expect(capForLog('aluno@example.com')).toBe('aluno@example.com')
    expect(capForLog('a'.repeat(MAX_LOGGED_LENGTH))).toBe('a'.repeat(MAX_LOGGED_LENGTH))
    expect(capForLog('a'.repeat(3800))).toBe(`${'a'.repeat(MAX_LOGGED_LENGTH)}…[+${3800 - MAX_LOGGED_LENGTH}]`)
  })

  it('cuts what an error quotes: message, stack, own fields and cause', () => {
    const long = 'x'.repeat(10_000)
    const error = Object.assign(new Error(`failed query for ${long}`, { cause: new Error(long) }), { params: [long, 1] })
    const logged = JSON.stringify(loggerOptions.serializers.err(error))
    expect(logged).toContain('failed query for xxx')
    expect(logged).toContain('"params":["xxx')
    expect(logged).toContain('"cause":{')
    expect(logged.length).toBeLessThan(12_000)
    expect(logged).not.toContain('x'.repeat(MAX_LOGGED_LENGTH * 8 + 1))
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
    for (const secret of [
      password,
      token,
      token.split('.')[2]!,
      'cookie-secret',
      'wrong-current-secret',
      'brand-new-secret',
      'reset-token-secret',
      'aluno%40example.com',
    ]) {
      expect(log, secret).not.toContain(secret)
    }
  })
})

describe('request logs of hostile input (issue 8 F3)', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'trace' },
      { logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) },
    )
  })
  afterAll(() => t.close())

  it('cut a 3,800-character username, URL and Host to a bounded length', async () => {
    const long = 'u'.repeat(3800)
    await t.app.inject(loginRequest({ username: `${long}@example.com`, password: 'whatever-secret' }))
    await t.app.inject({ method: 'GET', url: `/api/v1/users/${'p'.repeat(3800)}/`, headers: { host: `${'h'.repeat(3800)}.example.com` } })
    const log = lines.join('')
    expect(log).toContain(`/api/v1/users/${'p'.repeat(100)}`)
    for (const letter of ['u', 'p', 'h']) expect(log, letter).not.toContain(letter.repeat(MAX_LOGGED_LENGTH * 4 + 1))
    expect(log).toContain(`…[+${3800 + '/api/v1/users//'.length - MAX_LOGGED_LENGTH}]`)
    expect(log).not.toContain('whatever-secret')
    for (const line of lines) expect(line.length).toBeLessThan(MAX_LOGGED_LENGTH * 16)
  })
})
