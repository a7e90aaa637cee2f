import { describe, expect, it } from 'vitest'
import { isServerPath, isSkipWaitingMessage, runtimeStrategyFor } from './policy.ts'

const ORIGIN = 'http://localhost:8181'
const url = (path: string, origin = ORIGIN) => new URL(path, origin)

describe('service worker policy', () => {
  it('keeps server paths away from the app shell', () => {
    for (const path of [
      '/api/v1/users/me/',
      '/api',
      '/drive/api/v1/users/me/update-password/portal/',
      '/healthz',
      '/dev/outbox',
      '/sw.js',
    ]) {
      expect(isServerPath(path), path).toBe(true)
    }
    for (const path of ['/', '/dashboard', '/me', '/login/main', '/apiario', '/drivers', '/developer', '/pedidos/create/1/ABC']) {
      expect(isServerPath(path), path).toBe(false)
    }
  })

  it('never caches API or drive answers, whatever the request looks like', () => {
    for (const destination of ['', 'image', 'script', 'style', 'document']) {
      expect(runtimeStrategyFor(url('/api/v1/users/me/'), destination, ORIGIN)).toBe('network')
      expect(runtimeStrategyFor(url('/drive/api/v1/financeiro-parcelas/1/cobranca/execute/pix/portal/'), destination, ORIGIN)).toBe(
        'network',
      )
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
