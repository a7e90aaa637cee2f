import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressDist } from '../../scripts/compress-dist.ts'
import { createTestApp, type TestApp } from '../test/app.ts'

const INDEX = '<!doctype html><link rel="manifest" href="/manifest-knn.webmanifest" /><title>Portal</title><div id="root"></div>'
const IMMUTABLE = 'public, max-age=31536000, immutable'
// Large enough for compression to pay, like every real chunk.
const ROUTE_CHUNK = Array.from({ length: 200 }, (_, i) => `export const label${i} = 'Parcela ${i} em aberto'`).join('\n')
const MANIFEST = JSON.stringify({
  name: 'KNN Idiomas',
  icons: Array.from({ length: 20 }, (_, i) => ({ src: `/icons/knn-${i}.png`, sizes: `${i}x${i}` })),
})

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
    await writeFile(path.join(staticDir, 'assets', 'route-9c8d7e.js'), ROUTE_CHUNK)
    await writeFile(path.join(staticDir, 'manifest-knn.webmanifest'), MANIFEST)
    await writeFile(path.join(staticDir, 'icon.png'), ROUTE_CHUNK)
    await writeFile(path.join(staticDir, 'assets', 'route-9c8d7e.js.map'), ROUTE_CHUNK)
    // Too small to gain from compression, with a stale copy left by an earlier build.
    await writeFile(path.join(staticDir, 'tiny.js'), 'x')
    await writeFile(path.join(staticDir, 'tiny.js.br'), 'stale')
    // What `npm run build` does after `vite build`.
    await compressDist(staticDir)
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

  describe('pre-compressed copies (scripts/compress-dist.ts, issue 7 §1)', () => {
    const fetchWith = (url: string, acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: '*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } })

    it('writes brotli and gzip copies of code, shells and manifests, never of images or source maps', () => {
      for (const file of ['assets/route-9c8d7e.js', 'manifest-knn.webmanifest']) {
        expect(existsSync(path.join(staticDir, `${file}.br`)), file).toBe(true)
        expect(existsSync(path.join(staticDir, `${file}.gz`)), file).toBe(true)
      }
      for (const file of ['icon.png', 'assets/route-9c8d7e.js.map']) {
        expect(existsSync(path.join(staticDir, `${file}.br`)), file).toBe(false)
        expect(existsSync(path.join(staticDir, `${file}.gz`)), file).toBe(false)
      }
    })

    it('sends the brotli copy to a browser that accepts it, still immutable, and varies on Accept-Encoding', async () => {
      const response = await fetchWith('/assets/route-9c8d7e.js', 'gzip, deflate, br, zstd')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['cache-control']).toBe(IMMUTABLE)
      expect(response.rawPayload.length).toBeLessThan(ROUTE_CHUNK.length / 3)
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(ROUTE_CHUNK)
    })

    it('sends the gzip copy to a browser without brotli, and the file itself to one that takes neither', async () => {
      const gzip = await fetchWith('/assets/route-9c8d7e.js', 'gzip')
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(ROUTE_CHUNK)
      expect(gzip.headers['cache-control']).toBe(IMMUTABLE)

      const identity = await fetchWith('/assets/route-9c8d7e.js')
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.headers.vary).toMatch(/accept-encoding/i)
      expect(identity.body).toBe(ROUTE_CHUNK)
    })

    it('compresses the manifest and keeps it revalidated', async () => {
      const response = await fetchWith('/manifest-knn.webmanifest', 'br')
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['content-type']).toMatch(/manifest\+json/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(JSON.parse(MANIFEST))
    })

    it('writes no copy that is not smaller and removes a stale one, so a stale copy is never served', async () => {
      expect(existsSync(path.join(staticDir, 'tiny.js.br'))).toBe(false)
      const response = await fetchWith('/tiny.js', 'br')
      expect(response.statusCode).toBe(200)
      // Without a copy the file is compressed on the fly (compression.ts) or sent as it is.
      const body =
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString('utf8') : response.body
      expect(body).toBe('x')
    })

    it('sends images as they are', async () => {
      const response = await fetchWith('/icon.png', 'br')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
    })
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
