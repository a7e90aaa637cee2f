import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, demoToken, type TestApp } from '../test/app.ts'
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts'

// A shell the size of a pre-rendered one: well over the threshold.
const SHELL = `<!doctype html><html lang="pt-BR"><head><title>KNN Idiomas</title><link rel="manifest" href="/manifest-knn.webmanifest" /></head><body><div id="root">${'<div class="skeleton card"></div>'.repeat(80)}</div></body></html>`

let staticDir: string
let t: TestApp
let ana: string

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(tmpdir(), 'portal-compress-'))
  await writeFile(path.join(staticDir, 'index.html'), SHELL)
  t = await createTestApp({ staticDir })
  ana = await demoToken(t.app, 'ana')
})
afterAll(async () => {
  await t.close()
  await rm(staticDir, { recursive: true, force: true })
})

const financeiro = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/at-home/financeiro/', headers: { ...bearer(ana), ...headers } })

function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8')
  return response.rawPayload.toString('utf8')
}

describe('compressed JSON answers (issue 7 §1)', () => {
  it('sends brotli to a browser that accepts it, gzip to one that only takes gzip, and the same data', async () => {
    const identity = await financeiro()
    expect(identity.statusCode).toBe(200)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES)
    const data = identity.json()

    // Chromium's header: brotli wins over gzip, deflate and zstd.
    const br = await financeiro({ 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('no-store')
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2)
    expect(JSON.parse(decoded(br))).toEqual(data)

    const gzip = await financeiro({ 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decoded(gzip))).toEqual(data)

    const refused = await financeiro({ 'accept-encoding': 'identity' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.json()).toEqual(data)
  })

  it('leaves small answers as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { 'accept-encoding': 'br' } })
    expect(small.statusCode).toBe(401)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ detail: 'Não autenticado' })
  })

  it('gives the same ETag whatever the encoding, and a 304 has no body in any encoding', async () => {
    const identity = await financeiro()
    const br = await financeiro({ 'accept-encoding': 'br' })
    expect(br.headers.etag).toBe(identity.headers.etag)
    const unchanged = await financeiro({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.headers['content-encoding']).toBeUndefined()
    expect(unchanged.rawPayload.length).toBe(0)
  })
})

describe('the compressed HTML shell', () => {
  it('compresses the branded shell on / and on deep links', async () => {
    for (const url of ['/', '/dashboard', '/login/main']) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', host: 'phenom.localhost:8080' },
      })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(page.headers.vary, url).toMatch(/accept-encoding/i)
      expect(page.headers['cache-control'], url).toBe('no-cache')
      const html = decoded(page)
      expect(html, url).toContain('href="/manifest-phenom.webmanifest"')
      expect(html, url).toContain('<title>Phenom Idiomas</title>')
    }
  })
})
