import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearStoredSession, storeToken } from '../lib/local-store.ts'
import { PENDING_LOGOUTS_KEY, pendingLogouts, queueLogout, sendPendingLogouts, type LogoutOutcome } from './pending-logouts.ts'

/** A JWT-shaped token whose payload expires at `exp` (seconds); the signature is not read here. */
function token(name: string, exp = Date.now() / 1000 + 3600): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${part({ alg: 'HS256' })}.${part({ sub: name, exp })}.sig`
}

/** Local storage over a Map (the unit project runs in Node). */
const items = new Map<string, string>()
beforeEach(() => {
  items.clear()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('pending logouts (issue 36 item 3)', () => {
  it('keeps a queued logout through the wipe of the account keys, once per token', () => {
    const mine = token('1')
    storeToken(mine)
    queueLogout(mine)
    queueLogout(mine)
    // The wipe of "Sair" (src/app/session-runtime.ts wipeDevice) runs right after.
    clearStoredSession()
    expect(items.has('token')).toBe(false)
    expect(pendingLogouts()).toEqual([mine])
    expect(items.get(PENDING_LOGOUTS_KEY)).toContain(mine)
  })

  it('sends each queued logout; what the server answered leaves the queue, what did not reach it stays', async () => {
    const [reached, offline] = [token('1'), token('2')]
    queueLogout(reached)
    queueLogout(offline)
    const sent: string[] = []
    await sendPendingLogouts(async (queued): Promise<LogoutOutcome> => {
      sent.push(queued)
      return queued === reached ? 'done' : 'retry'
    })
    expect(sent).toEqual([reached, offline])
    expect(pendingLogouts()).toEqual([offline])

    // The connection returns: the rest goes, and the queue is gone from storage.
    await sendPendingLogouts(async () => 'done')
    expect(pendingLogouts()).toEqual([])
    expect(items.has(PENDING_LOGOUTS_KEY)).toBe(false)
  })

  it('drops an expired token unsent (the server refuses it already) and counts a thrown send as not reached', async () => {
    const expired = token('1', Date.now() / 1000 - 10)
    const live = token('2')
    queueLogout(expired)
    queueLogout(live)
    const sent: string[] = []
    await sendPendingLogouts(async (queued) => {
      sent.push(queued)
      throw new Error('offline')
    })
    expect(sent).toEqual([live])
    expect(pendingLogouts()).toEqual([live])
  })

  it('runs once at a time and loses no logout queued while it runs', async () => {
    const [first, second] = [token('1'), token('2')]
    queueLogout(first)
    let release: () => void = () => {}
    const sent: string[] = []
    const send = async (queued: string): Promise<LogoutOutcome> => {
      sent.push(queued)
      if (queued === first) await new Promise<void>((resolve) => (release = resolve))
      return 'done'
    }
    const running = sendPendingLogouts(send)
    expect(sendPendingLogouts(send)).toBe(running)
    queueLogout(second)
    release()
    await running
    expect(sent).toEqual([first])
    expect(pendingLogouts()).toEqual([second])
    await sendPendingLogouts(send)
    expect(pendingLogouts()).toEqual([])
  })

  it('sends what is queued after a run that found nothing (the app checks at every start)', async () => {
    const sent: string[] = []
    const send = async (queued: string): Promise<LogoutOutcome> => {
      sent.push(queued)
      return 'done'
    }
    await sendPendingLogouts(send)
    const later = token('1')
    queueLogout(later)
    await sendPendingLogouts(send)
    expect(sent).toEqual([later])
    expect(pendingLogouts()).toEqual([])
  })

  it('reads a damaged queue as empty', () => {
    items.set(PENDING_LOGOUTS_KEY, '{not json')
    expect(pendingLogouts()).toEqual([])
    items.set(PENDING_LOGOUTS_KEY, JSON.stringify(['a', 3, null]))
    expect(pendingLogouts()).toEqual(['a'])
  })
})
