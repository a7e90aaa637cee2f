import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { testConfig } from './config.ts'
import { NOT_READY } from './health.ts'
import { createTestApp, createTestDatabase, loginRequest, testAppForFile } from './test/app.ts'
import { SHELL_HEAD_SCRIPT } from '../src/contract/shell-head-script.ts'

/** The CSP source that lets the shells' inline script run, and no other inline script. */
const SHELL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SHELL_HEAD_SCRIPT).digest('base64')}'`

const t = testAppForFile({ bodyLimitBytes: 4096 })

describe('GET /healthz', () => {
  it('answers 200 {status: "ok"} while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 {status: "unavailable"} when the database does not', async () => {
    const db = await createTestDatabase()
    const app = await buildApp(testConfig({ seedDemo: false }), { db })
    try {
      await app.ready()
      await db.close()
      const response = await app.inject({ method: 'GET', url: '/healthz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: false },
        detail: NOT_READY,
        request_id: response.headers['x-request-id'],
      })
    } finally {
      await app.close()
    }
  })
})

describe('error answers (D2)', () => {
  it('answers 413 with a detail for a body over BODY_LIMIT_BYTES', async () => {
    const response = await t.app.inject(loginRequest({ username: 'aluno@example.com', password: 'x'.repeat(5000) }))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: 'O corpo da requisição excede o limite de 4096 bytes.' })
  })

  it('answers 400 with a detail for a malformed URL, which fails before routing (F6)', async () => {
    for (const url of ['/api/v1/users/%zz', '/drive/api/v1/%E0%A4%A', '/%']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
      expect(response.json()).toEqual({ detail: 'URL inválida.' })
    }
  })

  it('answers a wrong content type and a body without its type with a Portuguese detail', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json().detail).toMatch(/^Tipo de conteúdo não suportado/)
  })

  it('answers JSON 404 for unknown routes under /api and the drive base', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nao-existe/'],
      ['POST', '/api/v1/users/me/'],
      ['GET', '/api'],
      ['DELETE', '/drive/api/v1/financeiro/'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json()).toEqual({ detail: 'Não encontrado' })
    }
  })

  it('answers 422 json_invalid for malformed JSON without echoing the body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/drive/api/v1/users/me/update-password/portal/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      payload: '{"current_password": "segredo-do-aluno",',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({ detail: [{ loc: ['body'], msg: 'JSON inválido', type: 'json_invalid' }] })
    expect(response.body).not.toContain('segredo-do-aluno')
  })

  it('never leaks the details of a 5xx, and logs them', async () => {
    const lines: string[] = []
    const db = await createTestDatabase()
    const app = await buildApp(testConfig({ logLevel: 'error' }), {
      db,
      logStream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    })
    app.get('/api/v1/boom/', async () => {
      throw new Error('connection to 10.0.0.7 refused: password authentication failed')
    })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/boom/' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ detail: 'Erro interno do servidor', request_id: response.headers['x-request-id'] })
      expect(lines.join('')).toContain('password authentication failed')
    } finally {
      await app.close()
      await db.close()
    }
  })
})

describe('security headers', () => {
  it('sends a Content-Security-Policy limited to self and the configured services', async () => {
    const configured = await createTestApp({
      drivePublicUrl: 'https://drive.example.com/api/v1',
      cepServiceUrl: 'https://cep.example.com/base',
      sentryDsn: 'https://key@o42.ingest.sentry.io/7',
      chatwootUrl: 'https://chat.example.com',
      chatwootHmacSecret: 'inbox-secret-for-tests-0123456789',
      chatwootWebsiteToken: 'inboxWebsiteToken24chars',
    })
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/v1/config/' })
      const csp = Object.fromEntries(
        String(response.headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      ) as Record<string, string[]>
      expect(csp['default-src']).toEqual(["'self'"])
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://drive.example.com',
        'https://cep.example.com',
        'https://o42.ingest.sentry.io',
        'https://chat.example.com',
      ])
      expect(csp['script-src']).toEqual(["'self'", SHELL_SCRIPT_SOURCE, "'wasm-unsafe-eval'", 'https://chat.example.com'])
      expect(csp['frame-src']).toEqual(['https://chat.example.com'])
      expect(csp['worker-src']).toEqual(["'self'"])
      expect(csp['manifest-src']).toEqual(["'self'"])
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['frame-ancestors']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'self'"])
      expect(response.headers['x-content-type-options']).toBe('nosniff')
    } finally {
      await configured.close()
    }
  })

  it('allows no third party at all when no service is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("connect-src 'self' https://viacep.com.br;")
    // Only the app's own files, the shell's one inline script by its hash, and WebAssembly
    // compiling (the QR reader); JavaScript eval stays refused.
    expect(csp).toContain(`script-src 'self' ${SHELL_SCRIPT_SOURCE} 'wasm-unsafe-eval';`)
    expect(csp).not.toContain("'unsafe-eval'")
    expect(csp).not.toContain('upgrade-insecure-requests')
  })
})

describe('HSTS only over https', () => {
  const HSTS = 'max-age=31536000; includeSubDomains'

  it('is not sent over plain http, even when a client claims https without a trusted proxy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined()
    const forged = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })
    expect(forged.headers['strict-transport-security']).toBeUndefined()
  })

  it('is sent when the trusted proxy says the request came over https', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] })
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })
      expect(https.headers['strict-transport-security']).toBe(HSTS)
      const http = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } })
      expect(http.headers['strict-transport-security']).toBeUndefined()
      // An untrusted hop claiming https is not believed.
      const untrusted = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(untrusted.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await proxied.close()
    }
  })

  it('takes the client address for the login limits from the trusted proxy only', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] })
    try {
      const guess = (address: string) =>
        proxied.app.inject({
          ...loginRequest({ username: 'aluno@example.com', password: 'errada' }),
          headers: { ...loginRequest({}).headers, 'x-forwarded-for': address },
        })
      for (let i = 0; i < 10; i++) expect((await guess('198.51.100.1')).statusCode).toBe(400)
      expect((await guess('198.51.100.1')).statusCode).toBe(429)
      // Another client behind the same proxy is another address.
      expect((await guess('198.51.100.2')).statusCode).toBe(400)
    } finally {
      await proxied.close()
    }
  })
})

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    const db = await createTestDatabase()
    const app = await buildApp(testConfig({ seedDemo: false }), { db })
    let release = () => {}
    let started = () => {}
    const requestStarted = new Promise<void>((resolve) => (started = resolve))
    app.get('/api/v1/slow/', async () => {
      started()
      await new Promise<void>((resolve) => (release = resolve))
      return { finished: true }
    })
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 })
      const inFlight = fetch(`${address}/api/v1/slow/`).then(async (response) => ({ status: response.status, body: await response.json() }))
      await requestStarted
      const closed = app.close()
      release()
      expect(await inFlight).toEqual({ status: 200, body: { finished: true } })
      await closed
      await expect(fetch(`${address}/healthz`)).rejects.toThrow()
    } finally {
      await app.close()
      await db.close()
    }
  })
})

async function token(): Promise<string> {
  const response = await t.app.inject(loginRequest({ username: 'aluno@example.com', password: 'demo1234' }))
  return response.json().access_token as string
}
