import { describe, expect, it, vi } from 'vitest'
import { base64UrlBytes, deviceTypeOf, withTimeout } from './device.ts'

describe("this device's subscription", () => {
  it('calls a phone or tablet mobile and a computer desktop (SPEC §3 device_type)', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; SM-A146M) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1'
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'
    expect(deviceTypeOf(android, false)).toBe('mobile')
    expect(deviceTypeOf(iphone, true)).toBe('mobile')
    expect(deviceTypeOf(linux, false)).toBe('desktop')
    // A touch-first screen whose browser says "desktop" (an iPad asking for desktop sites).
    expect(deviceTypeOf(linux, true)).toBe('mobile')
  })

  it('reads the VAPID key as the 65 bytes of a P-256 public key', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
    const bytes = base64UrlBytes(key)
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBe(0x04)
    expect(Buffer.from(bytes).toString('base64url')).toBe(key)
  })

  it('gives up on a browser that never answers, with the message the student reads', async () => {
    vi.useFakeTimers()
    try {
      const never = new Promise<never>(() => {})
      const outcome = withTimeout(never, 10_000, 'O navegador não respondeu.').catch((error: Error) => error.message)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await outcome).toBe('O navegador não respondeu.')
      expect(await withTimeout(Promise.resolve('ok'), 10_000, 'não')).toBe('ok')
    } finally {
      vi.useRealTimers()
    }
  })
})
