import { describe, expect, it } from 'vitest'
import { isServerPath, isSkipWaitingMessage, overBudget, PRACTICE_AUDIO_BUDGET_BYTES, runtimeStrategyFor } from './policy.ts'

const ORIGIN = 'http://localhost:8181'
const url = (path: string, origin = ORIGIN) => new URL(path, origin)

describe('service worker policy', () => {
  it('keeps server paths away from the app shell', () => {
    for (const path of [
      '/api/v1/users/me/',
      '/api',
      '/drive/api/v1/users/me/update-password/portal/',
      '/healthz',
      '/readyz',
      '/metrics',
      '/dev/outbox',
      '/sw.js',
    ]) {
      expect(isServerPath(path), path).toBe(true)
    }
    for (const path of [
      '/',
      '/dashboard',
      '/me',
      '/login/main',
      '/apiario',
      '/drivers',
      '/developer',
      '/pedidos/create/1/ABC',
      '/metricsx',
    ]) {
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

  it('keeps practice audio cache-first, whoever asks for it (the player or the app filling the cache)', () => {
    for (const destination of ['audio', '', 'video']) {
      expect(runtimeStrategyFor(url('/media/pratica/licao-1.ogg'), destination, ORIGIN)).toBe('practiceAudio')
    }
    expect(runtimeStrategyFor(url('/media/pratica/licao-1.ogg', 'https://cdn.example.com'), 'audio', ORIGIN)).toBe('network')
    expect(runtimeStrategyFor(url('/media/outra/licao-1.ogg'), 'audio', ORIGIN)).toBe('network')
  })

  it('drops the oldest practice audio past the 30 MB budget, never the file just stored', () => {
    const MB = 1024 * 1024
    expect(PRACTICE_AUDIO_BUDGET_BYTES).toBe(30 * MB)
    const entries = [
      { url: 'a', size: 12 * MB },
      { url: 'b', size: 10 * MB },
      { url: 'c', size: 8 * MB },
    ]
    expect(overBudget(entries, 30 * MB, 'c')).toEqual([])
    expect(overBudget([...entries, { url: 'd', size: 5 * MB }], 30 * MB, 'd')).toEqual(['a'])
    expect(overBudget([{ url: 'new', size: 1 * MB }, ...entries, { url: 'd', size: 15 * MB }], 30 * MB, 'new')).toEqual(['a', 'b'])
    expect(overBudget([{ url: 'huge', size: 40 * MB }], 30 * MB, 'huge')).toEqual(['huge'])
  })
})
