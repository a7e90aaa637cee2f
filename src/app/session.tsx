import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import { getBookInfo, getKeptUser, getStoredToken } from '../lib/local-store.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { loadLocalDataAfterFirstScreen } from '../db/local.ts'
import { startingView, type SessionEvent, type SessionInput, type SessionView } from '../machines/session-view.ts'
import { yieldToBrowser } from '../lib/yield-to-browser.ts'
import { afterFirstScreen } from '../ui/after-first-screen.tsx'
import { captureEmailVerificationToken } from './email-verification.ts'
import type { SessionActor, SessionEffects } from './session-runtime.ts'

/**
 * What the router and the screens read and tell the session: the app's `Session` below, or
 * any session actor (the build's pre-render draws from one).
 */
export interface SessionSource {
  getSnapshot(): SessionView
  subscribe(listener: () => void): { unsubscribe(): void }
  send(event: SessionEvent): void
}

export interface Session extends SessionSource {
  /**
   * Starts the machine: at once for a bare token (the first screen waits for `/users/me/`);
   * for a kept user once `drawn` resolves (the frame draws from the device, then the machine
   * revalidates it); without a token once the first screen is idle.
   */
  start(drawn: Promise<unknown>): void
}

/**
 * The session of this visit. Its input is read synchronously before the first render
 * (the token and the kept user, src/lib/local-store.ts), so the route guards decide at once:
 * no token, the login form; a kept user, the signed-in frame. The machine and its effects
 * (XState, the contract client, the query cache) load as their own chunk
 * (./session-runtime.ts); until then `getSnapshot()` is the state the machine starts in, and
 * events wait for it.
 */
export function createSession(effects: SessionEffects): Session {
  captureEmailVerificationToken()
  const token = getStoredToken()
  const kept = token ? getKeptUser() : null
  const input: SessionInput = {
    token,
    keptUser: kept?.user ?? null,
    keptUserAt: kept?.updatedAt ?? null,
    // SPEC §3 isBookEmpty: an empty book's flow survives a reload (D8).
    isBookEmpty: token ? getBookInfo()?.isEmpty === true : false,
  }
  // Before any sync writes, the device's data is claimed for the kept user; it runs
  // after the first screen, which draws from the kept user and waits for nothing here.
  if (kept) void loadLocalDataAfterFirstScreen().then(({ claimForKeptUser }) => claimForKeptUser(kept.user.id))
  const starting = startingView(input)
  const sending = startingView(input, true)
  const listeners = new Set<() => void>()
  const queued: SessionEvent[] = []
  const notify = () => listeners.forEach((listener) => listener())
  let actor: SessionActor | null = null
  let loading: Promise<void> | null = null

  const load = () =>
    (loading ??= import('./session-runtime.ts').then(
      async ({ startSessionActor }) => {
        // Evaluating the runtime (XState, the machine) was this task; starting it gets the next (issue 7 TBT).
        await yieldToBrowser()
        actor = startSessionActor(input, effects)
        actor.subscribe(notify)
        for (const event of queued.splice(0)) actor.send(event)
        notify()
      },
      (error: unknown) => {
        // The chunk did not arrive (a deploy removed it, or no connection): the next event tries again.
        loading = null
        throw error
      },
    ))

  return {
    // An event sent before the machine runs shows as busy (the login button spins) until it does.
    getSnapshot: () => actor?.getSnapshot() ?? (queued.length > 0 ? sending : starting),
    subscribe: (listener) => {
      listeners.add(listener)
      return { unsubscribe: () => void listeners.delete(listener) }
    },
    send: (event) => {
      if (actor) return actor.send(event)
      queued.push(event)
      if (queued.length === 1) notify()
      void load().catch(() => {})
    },
    start: (drawn) => {
      const run = () => void load().catch(() => {})
      if (kept) void drawn.then(run)
      else if (token) run()
      else afterFirstScreen(run)
    },
  }
}

const SessionContext = createContext<SessionSource | null>(null)

export function SessionProvider({ actor, children }: { actor: SessionSource; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

export function useSessionActor(): SessionSource {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor outside SessionProvider')
  return actor
}

/** A part of the session; `selector` returns a piece of the snapshot (not a new object), so equal snapshots give equal answers. */
export function useSession<T>(selector: (snapshot: SessionView) => T): T {
  const actor = useSessionActor()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  const select = () => selector(actor.getSnapshot())
  return useSyncExternalStore(subscribe, select, select)
}

/** The guard view of a settled session snapshot. */
export function guardSessionOf(snapshot: SessionView) {
  return {
    isLoggedIn: snapshot.matches('loggedIn'),
    isBookEmpty: snapshot.context.isBookEmpty,
    requiresUpdate: snapshot.context.requiresUpdate,
    hasDriveUser: snapshot.context.currentUser?.drive_user != null,
  }
}

/** The logged-in user; only for screens under the authenticated layout, which renders them only with a user. */
export function useCurrentUser(): CurrentUser {
  const user = useSession((s) => s.context.currentUser)
  if (!user) throw new Error('useCurrentUser without a logged-in user')
  return user
}
