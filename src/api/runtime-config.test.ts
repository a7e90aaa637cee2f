import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client.ts'
import { refreshRuntimeConfig, runtimeConfig } from './runtime-config.ts'
import type { ClientConfig } from './schemas/config.ts'

const settings = { vapid_public_key: 'k', cep_service_url: 'https://viacep.com.br' } as unknown as ClientConfig

describe('refreshRuntimeConfig', () => {
  it('shares one request among the callers at start-up, then asks again on the next refresh', async () => {
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
    await refreshRuntimeConfig(api)
    expect(calls).toBe(2)
  })

  it('keeps the settings it had when the server cannot be reached', async () => {
    let online = true
    const api = {
      call: async () => {
        if (!online) throw new Error('offline')
        return settings
      },
    } as unknown as ApiClient
    await refreshRuntimeConfig(api)
    online = false
    expect(await refreshRuntimeConfig(api)).toEqual(settings)
    expect(runtimeConfig()).toEqual(settings)
  })
})
