import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from './client.ts'
import { refreshRuntimeConfig, runtimeConfig } from './runtime-config.ts'
import type { ClientConfig } from '../contract/schemas/config.ts'

const settings = { vapid_public_key: 'k', cep_service_url: 'https://viacep.com.br' } as unknown as ClientConfig

describe('refreshRuntimeConfig', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks the server once per page load: every later caller shares that answer', async () => {
    let calls = 0
    const api = {
      call: async () => {
        calls += 1
        await new Promise((resolve) => setTimeout(resolve, 5))
        return settings
      },
    } as unknown as ApiClient
    const [first, second] = await Promise.all([refreshRuntimeConfig(api), refreshRuntimeConfig(api)])
    expect(calls).toBe(1)
    expect(first).toEqual(settings)
    expect(second).toEqual(settings)
    expect(runtimeConfig()).toEqual(settings)
    expect(await refreshRuntimeConfig(api)).toEqual(settings)
    expect(calls).toBe(1)
  })

  it('keeps the settings it had when the server cannot be reached, and the next caller asks again', async () => {
    // A new page load on a device that kept the settings from an earlier visit.
    const kept = new Map([['runtime_config', JSON.stringify(settings)]])
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
    })
    vi.resetModules()
    const fresh = await import('./runtime-config.ts')
    let calls = 0
    let online = false
    const api = {
      call: async () => {
        calls += 1
        if (!online) throw new Error('offline')
        return { ...settings, vapid_public_key: 'novo' }
      },
    } as unknown as ApiClient
    expect(await fresh.refreshRuntimeConfig(api)).toEqual(settings)
    online = true
    expect(await fresh.refreshRuntimeConfig(api)).toEqual({ ...settings, vapid_public_key: 'novo' })
    expect(fresh.runtimeConfig()?.vapid_public_key).toBe('novo')
    expect(calls).toBe(2)
    expect(JSON.parse(kept.get('runtime_config')!)).toMatchObject({ vapid_public_key: 'novo' })
  })
})
