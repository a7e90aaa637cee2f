import { readdirSync, statSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { serviceWorkerInControl, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * Compressed, cacheable delivery (issue 7 §1) as Chromium receives it from the real server
 * and the built app (`npm run build` writes the .br/.gz copies, scripts/compress-dist.ts).
 */

test('the app code arrives brotli-compressed and hashed assets are immutable', async ({ page }) => {
  const assets: { url: string; encoding: string | undefined; cache: string | undefined; vary: string | undefined }[] = []
  page.on('response', async (response) => {
    if (!/\/assets\/.+\.(?:js|css)$/.test(new URL(response.url()).pathname)) return
    const headers = await response.allHeaders()
    assets.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'], vary: headers.vary })
  })
  await page.goto('/login/main')
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
  // The first screen's styles are inlined; a stylesheet arrives after it (the app's notices).
  await expect.poll(() => assets.some((asset) => asset.url.endsWith('.css'))).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(assets.some((asset) => asset.url.endsWith('.js'))).toBe(true)
  for (const asset of assets) {
    // A chunk of a few bytes may have no brotli copy: scripts/compress-dist.ts writes one only when it is smaller.
    const bytes = statSync(`dist${new URL(asset.url).pathname}`).size
    if (bytes >= 1024) expect(asset.encoding, asset.url).toBe('br')
    expect(asset.vary, asset.url).toMatch(/accept-encoding/i)
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable')
  }
})

test('an unchanged API answer costs a 304 with no body; a large one arrives compressed', async ({ page }) => {
  await startSignedIn(page, 'ana')
  const result = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` }
    const first = await fetch('/api/v1/at-home/financeiro/', { headers })
    const body = await first.json()
    const etag = first.headers.get('etag')
    const again = await fetch('/api/v1/at-home/financeiro/', { headers: { ...headers, 'if-none-match': etag ?? '' } })
    return {
      status: first.status,
      encoding: first.headers.get('content-encoding'),
      parcelas: (body as { parcelas: unknown[] }).parcelas.length,
      etag,
      againStatus: again.status,
      againBody: await again.text(),
      againEtag: again.headers.get('etag'),
    }
  })
  expect(result.status).toBe(200)
  expect(result.encoding).toBe('br')
  expect(result.parcelas).toBeGreaterThan(0)
  expect(result.etag).toMatch(/^W\/".+"$/)
  expect(result.againStatus).toBe(304)
  expect(result.againBody).toBe('')
  expect(result.againEtag).toBe(result.etag)
})

withServiceWorker(() => {
  test('the service worker precaches the app but not the Sentry SDK, which loads only with a DSN', async ({ page }) => {
    // The SDK is built as its own chunk…
    expect(readdirSync('dist/assets').some((file) => /^sentry-sdk-[\w-]+\.js$/.test(file))).toBe(true)
    const sentryRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('sentry-sdk-')) sentryRequests.push(request.url())
    })
    await page.goto('/login/main')
    await serviceWorkerInControl(page)
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((cache) => cache.startsWith('workbox-precache'))
      if (!name) return []
      return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    })
    // …the worker installed every other chunk, and neither it nor the page fetched the SDK:
    // this server runs without SENTRY_DSN.
    expect(precached.filter((path) => /^\/assets\/.+\.js$/.test(path)).length).toBeGreaterThan(5)
    expect(precached.filter((path) => path.includes('sentry'))).toEqual([])
    expect(sentryRequests).toEqual([])
  })
})
