import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.ts'

const INDEX = '<!doctype html><link rel="manifest" href="/manifest-knn.webmanifest" /><title>Portal</title><div id="root"></div>'
const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('the built app (STATIC_DIR)', () => {
  let staticDir: string
  let t: TestApp
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
    await mkdir(path.join(staticDir, 'assets'))
    await writeFile(path.join(staticDir, 'index.html'), INDEX)
    await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(path.join(staticDir, 'manifest.webmanifest'), '{}')
    await writeFile(path.join(staticDir, 'assets', 'index-3f2a1b.js'), 'console.log(1)')
    t = await createTestApp({ staticDir })
  })
  afterAll(async () => {
    await t.close()
    await rm(staticDir, { recursive: true, force: true })
  })

  const get = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } })

  it('serves index.html at / and sw.js with Cache-Control: no-cache', async () => {
    const root = await get('/')
    expect(root.statusCode).toBe(200)
    expect(root.body).toBe(INDEX)
    expect(root.headers['cache-control']).toBe('no-cache')
    const worker = await get('/sw.js', '*/*')
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-type']).toMatch(/javascript/)
    expect(worker.headers['cache-control']).toBe('no-cache')
    expect((await get('/manifest.webmanifest', '*/*')).headers['cache-control']).toBe('no-cache')
  })

  it("gives a phenom host the shell with phenom's manifest (D5), on / and on deep links", async () => {
    for (const url of ['/', '/dashboard']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'phenom.localhost:8080' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('href="/manifest-phenom.webmanifest"')
      expect(page.body, url).not.toContain('manifest-knn')
    }
  })

  it('keeps hashed assets for a year', async () => {
    const asset = await get('/assets/index-3f2a1b.js', '*/*')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('answers deep links from a browser with the app shell (SPA fallback)', async () => {
    for (const url of ['/pedagogico/notas/12', '/login/main?next=%2Fme', '/knn-club/meu-clube']) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.body).toBe(INDEX)
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    }
  })

  it('never answers API paths, non-HTML requests or missing assets with the shell', async () => {
    const api = await get('/api/v1/nao-existe/')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ detail: 'Não encontrado' })
    expect((await get('/drive/api/v1/nao-existe/')).statusCode).toBe(404)
    expect((await get('/assets/missing-123.js', '*/*')).statusCode).toBe(404)
    expect((await get('/pedagogico/list', 'application/json')).statusCode).toBe(404)
  })

  it('does not serve files outside STATIC_DIR', async () => {
    const response = await get('/../package.json', '*/*')
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('portal-aluno')
  })
})

describe('without a built app', () => {
  it('serves the API only and answers unknown pages with JSON 404', async () => {
    const t = await createTestApp()
    try {
      expect(t.app.servesApp).toBe(false)
      const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } })
      expect(page.statusCode).toBe(404)
      expect(page.json()).toEqual({ detail: 'Não encontrado' })
    } finally {
      await t.close()
    }
  })
})
