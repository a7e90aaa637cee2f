import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberAfterLogin, takeAfterLogin } from './after-login.ts'
import { MemoryStorage } from '../lib/memory-storage.fixture.ts'

/** The browser's localStorage, in memory (the unit project runs on Node). */

describe('a campaign code opened logged out survives the login', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()))
  afterEach(() => vi.unstubAllGlobals())

  it('keeps a scan path and gives it back once', () => {
    rememberAfterLogin('/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/?x=1', 1000)
    expect(takeAfterLogin(2000)).toBe('/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/')
    expect(takeAfterLogin(2000)).toBeNull()
  })

  it('keeps nothing else, and nothing older than a day', () => {
    rememberAfterLogin('/financial', 1000)
    expect(takeAfterLogin(2000)).toBeNull()
    rememberAfterLogin('/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/', 0)
    expect(takeAfterLogin(24 * 3600 * 1000)).toBeNull()
  })

  it('ignores a tampered value', () => {
    localStorage.setItem('portal-scan-after-login', JSON.stringify({ path: 'https://evil.example/', at: 1 }))
    expect(takeAfterLogin(2)).toBeNull()
    localStorage.setItem('portal-scan-after-login', '{')
    expect(takeAfterLogin(2)).toBeNull()
  })
})
