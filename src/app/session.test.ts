import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../lib/local-store.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'
import type { SessionEvent, SessionInput } from '../machines/session-view.ts'
import { createSession } from './session.tsx'

// The machine's chunk, as the session loads it: records what it was started with and sent.
const runtime = vi.hoisted(() => ({
  started: [] as SessionInput[],
  received: [] as SessionEvent[],
  claims: [] as number[],
}))
vi.mock('./session-runtime.ts', async () => {
  const { startingView } = await import('../machines/session-view.ts')
  return {
    startSessionActor: (input: SessionInput) => {
      runtime.started.push(input)
      const snapshot = { ...startingView(input), machine: true }
      return {
        getSnapshot: () => snapshot,
        subscribe: () => ({ unsubscribe: () => {} }),
        send: (event: SessionEvent) => runtime.received.push(event),
      }
    },
  }
})
vi.mock('../db/local.ts', () => ({
  loadLocalDataAfterFirstScreen: async () => ({ claimForKeptUser: async (id: number) => void runtime.claims.push(id) }),
}))

const items = new Map<string, string>()
const effects = { navigate: () => {}, currentPath: () => '/' }
const user = demoStudent()

describe('the session before its machine has loaded', () => {
  beforeEach(() => {
    items.clear()
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null, setItem: () => {}, removeItem: () => {} })
    runtime.started.length = 0
    runtime.received.length = 0
    runtime.claims.length = 0
  })
  afterEach(() => vi.unstubAllGlobals())

  it('a kept user is signed in at once; the machine starts only once the first screen is drawn', async () => {
    items.set(STORAGE_KEYS.token, 'stored')
    items.set(STORAGE_KEYS.keptUser, JSON.stringify({ user, updatedAt: 5 }))
    const session = createSession(effects)
    let drawn = () => {}
    session.start(new Promise<void>((resolve) => (drawn = resolve)))
    const view = session.getSnapshot()
    expect(view.matches('loggedIn')).toBe(true)
    expect(view.hasTag('busy')).toBe(false)
    expect(view.context).toMatchObject({ currentUser: user, userUpdatedAt: 5, userFromDevice: true })
    await vi.waitFor(() => expect(runtime.claims).toEqual([user.id]))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(runtime.started).toEqual([])
    drawn()
    await vi.waitFor(() => expect(runtime.started).toEqual([{ token: 'stored', keptUser: user, keptUserAt: 5, isBookEmpty: false }]))
    expect(session.getSnapshot()).toMatchObject({ machine: true })
  })

  it('a bare token is busy, and its machine starts at once: the first screen waits for /users/me/', async () => {
    items.set(STORAGE_KEYS.token, 'stored')
    const session = createSession(effects)
    expect(session.getSnapshot().hasTag('busy')).toBe(true)
    session.start(new Promise(() => {}))
    await vi.waitFor(() => expect(runtime.started).toHaveLength(1))
    expect(runtime.claims).toEqual([])
  })

  it('an event sent before the machine runs shows as busy, loads it and reaches it', async () => {
    const session = createSession(effects)
    const seen: boolean[] = []
    session.subscribe(() => seen.push(session.getSnapshot().hasTag('busy')))
    expect(session.getSnapshot().matches('loggedOut')).toBe(true)
    session.send({ type: 'session.login', username: 'aluno@example.com', password: 'demo1234' })
    expect(session.getSnapshot().hasTag('busy')).toBe(true)
    await vi.waitFor(() =>
      expect(runtime.received).toEqual([{ type: 'session.login', username: 'aluno@example.com', password: 'demo1234' }]),
    )
    expect(seen).toEqual([true, false])
    session.send({ type: 'session.toggleDrawer' })
    expect(runtime.received.at(-1)).toEqual({ type: 'session.toggleDrawer' })
  })
})
