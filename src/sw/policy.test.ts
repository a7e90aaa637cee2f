import { describe, expect, it } from 'vitest'
import { brandShellHtml, isServerPath, isSkipWaitingMessage, runtimeStrategyFor } from './policy.ts'

const ORIGIN = 'http://localhost:8181'
const url = (path: string, origin = ORIGIN) => new URL(path, origin)

describe('service worker policy', () => {
  it('keeps server paths away from the app shell', () => {
    for (const path of ['/api/v1/users/me/', '/api', '/drive/api/v1/users/me/update-password/portal/', '/healthz', '/sw.js']) {
      expect(isServerPath(path), path).toBe(true)
    }
    for (const path of ['/', '/dashboard', '/me', '/login/main', '/apiario', '/drivers', '/pedidos/create/1/ABC']) {
      expect(isServerPath(path), path).toBe(false)
    }
  })

  it('never caches API or drive answers, whatever the request looks like', () => {
    for (const destination of ['', 'image', 'script', 'style', 'document']) {
      expect(runtimeStrategyFor(url('/api/v1/users/me/'), destination, ORIGIN)).toBe('network')
      expect(runtimeStrategyFor(url('/drive/api/v1/financeiro-parcelas/1/cobranca/execute/pix/portal/'), destination, ORIGIN)).toBe('network')
    }
  })

  it('caches same-origin images and static files only', () => {
    expect(runtimeStrategyFor(url('/uploads/foto.png'), 'image', ORIGIN)).toBe('images')
    expect(runtimeStrategyFor(url('/assets/old-chunk.js'), 'script', ORIGIN)).toBe('static')
    expect(runtimeStrategyFor(url('/assets/x.css'), 'style', ORIGIN)).toBe('static')
    expect(runtimeStrategyFor(url('/manifest-knn.webmanifest'), 'manifest', ORIGIN)).toBe('static')
    expect(runtimeStrategyFor(url('/foto.png', 'https://cdn.example.com'), 'image', ORIGIN)).toBe('network')
    expect(runtimeStrategyFor(url('/data.json'), '', ORIGIN)).toBe('network')
    expect(runtimeStrategyFor(url('/dashboard'), 'document', ORIGIN)).toBe('network')
  })

  it('recognises the update message', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false)
    expect(isSkipWaitingMessage(null)).toBe(false)
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false)
  })
})

describe('the app shell of each brand (D5)', () => {
  const html = `<link rel="icon" href="/favicon-knn.svg" type="image/svg+xml" />
    <link rel="apple-touch-icon" href="/icons/knn-192.png" />
    <link rel="manifest" href="/manifest-knn.webmanifest" />
    <script type="module" crossorigin src="/assets/index-knn1.js"></script>`

  it('keeps the build as it is on a knn host', () => {
    expect(brandShellHtml(html, 'localhost')).toBe(html)
    expect(brandShellHtml(html, 'portal.knn.com.br')).toBe(html)
  })

  it("names phenom's manifest, favicon and icons on a phenom host, and nothing else", () => {
    const branded = brandShellHtml(html, 'portal.Phenom.com.br')
    expect(branded).toContain('href="/manifest-phenom.webmanifest"')
    expect(branded).toContain('href="/favicon-phenom.svg"')
    expect(branded).toContain('href="/icons/phenom-192.png"')
    expect(branded).not.toMatch(/(manifest|favicon)-knn|icons\/knn-/)
    expect(branded).toContain('/assets/index-knn1.js')
  })
})
