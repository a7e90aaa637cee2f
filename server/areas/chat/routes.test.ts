import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../../test/app.ts'
import { CHAT_NOT_CONFIGURED } from './routes.ts'

const SECRET = 'inbox-hmac-secret-for-the-chat-test'
const CHAT_URL = 'https://chat.example.com'
const WEBSITE_TOKEN = 'inboxWebsiteToken24chars'
const TOKEN_URL = '/api/v1/chatwoot-token/me/'

/** HMAC-SHA256 in hex by WebCrypto, not by the server's node:crypto call. */
async function hmacHex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function cspOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>
}

describe('chat support configured (D19)', () => {
  let t: TestApp
  let student: TestAccount
  beforeAll(async () => {
    t = await createTestApp({ chatwootUrl: CHAT_URL, chatwootHmacSecret: SECRET, chatwootWebsiteToken: WEBSITE_TOKEN })
    student = await createAccount(t.app, t.db)
  })
  afterAll(() => t.close())

  it("answers the student's identifier and its HMAC-SHA256 with the inbox secret", async () => {
    const response = await t.app.inject({ method: 'GET', url: TOKEN_URL, headers: bearer(student.token) })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { identifier: string; identifier_hash: string }
    expect(body.identifier).toBe(String(student.id))
    expect(body.identifier_hash).toBe(await hmacHex(SECRET, String(student.id)))
    // Another student: another identifier, another hash.
    const other = await createAccount(t.app, t.db)
    const theirs = (await t.app.inject({ method: 'GET', url: TOKEN_URL, headers: bearer(other.token) })).json() as typeof body
    expect(theirs.identifier).toBe(String(other.id))
    expect(theirs.identifier_hash).toBe(await hmacHex(SECRET, String(other.id)))
    expect(theirs.identifier_hash).not.toBe(body.identifier_hash)
  })

  it('answers 401 without a token and 403 to a manager', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: TOKEN_URL })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).not.toContain('identifier_hash')
    const manager = await createAccount(t.app, t.db, 'manager')
    expect((await t.app.inject({ method: 'GET', url: TOKEN_URL, headers: bearer(manager.token) })).statusCode).toBe(403)
  })

  it('allows the chat host in the CSP and gives the client its URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config/' })
    expect(response.json()).toMatchObject({ chatwoot_url: CHAT_URL, chatwoot_website_token: WEBSITE_TOKEN })
    const csp = cspOf(response.headers['content-security-policy'])
    expect(csp['script-src']).toContain(CHAT_URL)
    expect(csp['connect-src']).toContain(CHAT_URL)
    expect(csp['frame-src']).toEqual([CHAT_URL])
    expect(response.body).not.toContain(SECRET)
  })
})

describe('chat support not configured', () => {
  it('answers 404 with a Portuguese detail, no chat URL and no chat host in the CSP', async () => {
    const t = await createTestApp()
    try {
      const student = await createAccount(t.app, t.db)
      const response = await t.app.inject({ method: 'GET', url: TOKEN_URL, headers: bearer(student.token) })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: CHAT_NOT_CONFIGURED })
      const config = await t.app.inject({ method: 'GET', url: '/api/v1/config/' })
      expect(config.json()).toMatchObject({ chatwoot_url: null })
      const csp = cspOf(config.headers['content-security-policy'])
      expect(csp['frame-src']).toEqual(["'none'"])
      expect(csp['script-src']?.some((source) => source.includes('chat'))).toBe(false)
      expect(csp['connect-src']).toEqual(["'self'", 'https://viacep.com.br'])
    } finally {
      await t.close()
    }
  })

  it('treats a URL without the inbox secret as no chat', async () => {
    const t = await createTestApp({ chatwootUrl: CHAT_URL })
    try {
      const student = await createAccount(t.app, t.db)
      expect((await t.app.inject({ method: 'GET', url: TOKEN_URL, headers: bearer(student.token) })).statusCode).toBe(404)
      const config = await t.app.inject({ method: 'GET', url: '/api/v1/config/' })
      expect(config.json()).toMatchObject({ chatwoot_url: null })
      expect(String(config.headers['content-security-policy'])).not.toContain(CHAT_URL)
    } finally {
      await t.close()
    }
  })
})

describe('chat configuration', () => {
  it('wants CHATWOOT_URL, CHATWOOT_HMAC_SECRET and CHATWOOT_WEBSITE_TOKEN together, and names the missing one', () => {
    expect(() => loadConfig({ CHATWOOT_URL: CHAT_URL })).toThrow(ConfigError)
    expect(() => loadConfig({ CHATWOOT_URL: CHAT_URL })).toThrow(/CHATWOOT_HMAC_SECRET é obrigatória quando CHATWOOT_URL/)
    expect(() => loadConfig({ CHATWOOT_HMAC_SECRET: SECRET })).toThrow(/CHATWOOT_URL é obrigatória quando CHATWOOT_HMAC_SECRET/)
    expect(() => loadConfig({ CHATWOOT_URL: CHAT_URL, CHATWOOT_HMAC_SECRET: SECRET })).toThrow(
      /CHATWOOT_WEBSITE_TOKEN é obrigatória quando CHATWOOT_URL/,
    )
    const complete = { CHATWOOT_URL: CHAT_URL, CHATWOOT_WEBSITE_TOKEN: WEBSITE_TOKEN }
    expect(() => loadConfig({ ...complete, CHATWOOT_HMAC_SECRET: 'short' })).toThrow(/CHATWOOT_HMAC_SECRET/)
    expect(() => loadConfig({ ...complete, CHATWOOT_HMAC_SECRET: SECRET, CHATWOOT_WEBSITE_TOKEN: 'a b' })).toThrow(/CHATWOOT_WEBSITE_TOKEN/)
    expect(loadConfig({ ...complete, CHATWOOT_URL: `${CHAT_URL}/`, CHATWOOT_HMAC_SECRET: SECRET })).toMatchObject({
      chatwootUrl: CHAT_URL,
      chatwootHmacSecret: SECRET,
      chatwootWebsiteToken: WEBSITE_TOKEN,
    })
  })
})
