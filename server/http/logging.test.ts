import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, loginRequest, type TestApp } from '../test/app.ts'
import { capForLog, loggerOptions, MAX_LOGGED_LENGTH, REDACTED, redactSecrets, redactUrl } from './logging.ts'

/** A JWT's shape (header, payload, signature); the request tests below use the server's own. */
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLW9mLWEtand0LWZvci10ZXN0cw'
/** A reset link's token, made as server/areas/auth/account-tokens-repository.ts makes it. */
const resetToken = () => randomBytes(32).toString('base64url')
/** Luhn-valid test card numbers, as people type them. */
const CARDS = ['4111111111111111', '4111 1111 1111 1111', '5555-5555-5555-4444', '378282246310005', '6011 0009 9013 9424']

describe('redactUrl', () => {
  it("hides the push subscription secret SPEC §7 puts in a path, not the area's fixed words", () => {
    expect(redactUrl('/api/v1/push-notifications/c2VjcmV0LWF1dGgtMTIz/')).toBe('/api/v1/push-notifications/[redacted]/')
    expect(redactUrl('/api/v1/push-notifications/c2VjcmV0?x=1')).toBe('/api/v1/push-notifications/[redacted]?x=1')
    expect(redactUrl('/api/v1/push-notifications/subscribe/')).toBe('/api/v1/push-notifications/subscribe/')
    expect(redactUrl('/api/v1/push-notifications/unsubscribe/12/')).toBe('/api/v1/push-notifications/unsubscribe/12/')
    expect(redactUrl('/api/v1/push-notifications/')).toBe('/api/v1/push-notifications/')
  })

  it('replaces any query value, bare query or path segment shaped like a secret, whatever its name', () => {
    const token = resetToken()
    expect(redactUrl(`/api/v1/x/?authorization=${JWT}&page=2`)).toBe(`/api/v1/x/?authorization=${REDACTED}&page=2`)
    expect(redactUrl(`/api/v1/x/?q=${token}`)).toBe(`/api/v1/x/?q=${REDACTED}`)
    expect(redactUrl(`/api/v1/x/?${JWT}`)).toBe(`/api/v1/x/?${REDACTED}`)
    for (const card of ['4111+1111+1111+1111', '4111%201111%201111%201111', '5555-5555-5555-4444', '378282246310005'])
      expect(redactUrl(`/api/v1/x/?numero_do_cartao=${card}&n=1`), card).toBe(`/api/v1/x/?numero_do_cartao=${REDACTED}&n=1`)
    expect(redactUrl(`/api/v1/reset/${token}/confirm/?ok=1`)).toBe(`/api/v1/reset/${REDACTED}/confirm/?ok=1`)
    expect(redactUrl('/api/v1/pedidos/1234/?limit=20&offset=40')).toBe('/api/v1/pedidos/1234/?limit=20&offset=40')
  })

  it('replaces the values of secret query parameters only', () => {
    expect(redactUrl('/api/v1/login/reset-password/?token=abc123&x=1')).toBe('/api/v1/login/reset-password/?token=[redacted]&x=1')
    expect(redactUrl('/r/?Email=a%40b.com&isAccessCode=true')).toBe('/r/?Email=[redacted]&isAccessCode=true')
    expect(redactUrl('/r/?password=p&new_password=q&keep=ok')).toBe('/r/?password=[redacted]&new_password=[redacted]&keep=ok')
    expect(redactUrl('/api/v1/users/me/')).toBe('/api/v1/users/me/')
  })
})

describe('redactSecrets (issue 36 item 8): secrets by their shape', () => {
  it('replaces a JWT, a reset token and a card number wherever they sit in a text', () => {
    const token = resetToken()
    expect(redactSecrets(`Bearer ${JWT}`)).toBe(`Bearer ${REDACTED}`)
    expect(redactSecrets(`link ?token=${token}&x=1`)).toBe(`link ?token=${REDACTED}&x=1`)
    for (const card of CARDS) expect(redactSecrets(`cartão ${card}, validade 12/30`), card).toBe(`cartão ${REDACTED}, validade 12/30`)
  })

  it('keeps what only looks alike: a Luhn-invalid number, ids, a phone, a CPF, a UUID, a SHA-256, words', () => {
    for (const text of [
      '4111 1111 1111 1112',
      'pedido 123456789012',
      '21987654321',
      '390.533.447-05',
      '2026-11-29T01:40:23.335Z',
      'c56a4180-65aa-42ec-a945-5fd21dec0538',
      'a'.repeat(64),
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'Pessoa de Teste, Avenida Paulista 1',
    ])
      expect(redactSecrets(text), text).toBe(text)
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

describe('the error serializer (issue 36 item 8)', () => {
  it('replaces the secrets an error quotes: message, stack, own fields, cause', () => {
    const token = resetToken()
    const error = Object.assign(new Error(`invalid input syntax for type integer: "${CARDS[0]}"`, { cause: new Error(`jwt ${JWT}`) }), {
      params: [token, 1],
    })
    const logged = JSON.stringify(loggerOptions.serializers.err(error))
    expect(logged).toContain(`invalid input syntax for type integer: \\"${REDACTED}\\"`)
    for (const secret of [CARDS[0]!, JWT, token]) expect(logged, secret).not.toContain(secret)
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

  // Issue 36 item 8: secrets recognised by their shape, whatever their name.

  it('never contain a JWT, a reset token or a card number sent in query parameters, headers or the host', async () => {
    const login = await t.app.inject(loginRequest({ username: 'aluno@example.com', password: 'demo1234' }))
    const jwt = login.json().access_token as string
    expect(jwt).toMatch(/^eyJ/)
    const reset = resetToken()
    const secrets = [jwt, reset, ...CARDS]
    for (const [index, secret] of secrets.entries()) {
      const name = ['authorization', 'q', 'ref', 'cartao', 'next', 'x', 'numero'][index]!
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/me/?${name}=${encodeURIComponent(secret)}&keep=visivel`,
        headers: { ...bearer(jwt), 'x-api-key': secret, 'x-card': secret, referer: `https://example.com/?k=${secret}` },
      })
    }
    // A Host of a token's shape, and a query of an unknown route.
    await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { host: `${reset}.example.com` } })
    await t.app.inject({ method: 'GET', url: `/api/v1/nada/?${jwt}` })
    // Whatever logs a request's headers gets them through the headers serializer.
    t.app.log.info({ headers: { authorization: `Bearer ${jwt}`, 'x-reset': reset, 'x-card': CARDS[1], accept: 'text/html' } }, 'headers')

    const log = lines.join('')
    expect(log).toContain(`?ref=${REDACTED}&keep=visivel`)
    expect(log).toContain(`?authorization=${REDACTED}&keep=visivel`)
    expect(log).toContain('"accept":"text/html"')
    for (const secret of [...secrets, jwt.split('.')[2]!, encodeURIComponent(CARDS[1]!), CARDS[1]!.replace(/ /g, '+')]) {
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
