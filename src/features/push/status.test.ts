// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setStoredItem } from '../../lib/local-store.ts'
import { pushStatusAtOnce } from './status.ts'

function browserWithPush(permission: NotificationPermission) {
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission })
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
}

describe('the notifications state known at once', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('is "unsupported" in a browser without push', () => {
    expect(pushStatusAtOnce()).toBe('unsupported')
  })

  it('is "denied" or "off" from the permission alone', () => {
    browserWithPush('denied')
    expect(pushStatusAtOnce()).toBe('denied')
    browserWithPush('default')
    setStoredItem('pushSubscriptionAuth', 'auth-key')
    expect(pushStatusAtOnce()).toBe('off')
  })

  it('needs the subscription read ("checking") only with the permission and a device registered here', () => {
    browserWithPush('granted')
    expect(pushStatusAtOnce()).toBe('off')
    setStoredItem('pushSubscriptionAuth', 'auth-key')
    expect(pushStatusAtOnce()).toBe('checking')
  })
})
