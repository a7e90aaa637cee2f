import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { api, setApiEventHandlers } from '../api/api.ts'
import { contract } from '../api/contract.ts'
import { clearStoredSession, getStoredToken, storeToken } from '../api/local-store.ts'
import { onReachabilityChange } from '../api/reachability.ts'
import type { CurrentUser } from '../api/schemas/user.ts'
import { sessionMachine, type SessionSnapshot } from '../machines/session.ts'
import { captureEmailVerificationToken, verifyPendingEmail } from './email-verification.ts'
import { clearQueryCache, queryClient, retryWhenServerAnswers } from './query-client.ts'

export const CURRENT_USER_QUERY_KEY = ['users', 'me'] as const

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** The device database loads with the first logged-in screen, not with the login page. */
const localData = () => import('../db/sync.ts')

/** Workbox's precache (the app itself) stays; every other cache may hold what an account saw. */
const PRECACHE_PREFIX = 'workbox-precache'

/**
 * One way to wipe a device (issue 8): every Dexie table, the persisted query cache, the
 * service worker's runtime caches and every account key in local storage. The next
 * account on a shared phone sees nothing of this one, offline either.
 */
export async function wipeDevice(): Promise<void> {
  clearStoredSession()
  await Promise.all([clearQueryCache(), localData().then(({ wipeLocalData }) => wipeLocalData()), clearRuntimeCaches()])
}

async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)))
}

interface SessionEffects {
  navigate: (to: string) => void
  currentPath: () => string
}

/**
 * The session actor with the app's side effects: the contract client for fetches, local
 * storage for the token, the query cache and the router for navigation.
 */
export function createSessionActor(effects: SessionEffects): SessionActor {
  captureEmailVerificationToken()
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) =>
        api.call(contract.loginAccessToken, {
          body: { username: input.username, password: input.password, user_id: input.userId?.toString() },
        }),
      ),
      loadUser: fromPromise(async (): Promise<CurrentUser> => {
        // SPEC §4: a kept e-mail confirmation goes first, so the user loaded next shows it.
        await verifyPendingEmail()
        // Offline or lie-fi the call fails and the session keeps the user it has (issue 7).
        const user = await api.call(contract.usersMe)
        // Another account's data never shows, even if its logout never ran (D15).
        await (await localData()).claimLocalData(user.id)
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user)
        return user
      }),
    },
    actions: {
      persistToken: (_, { token }) => storeToken(token),
      clearStoredSession: () => void wipeDevice(),
      navigateAfterLogin: () => {
        const path = effects.currentPath()
        if (path === '/' || path.startsWith('/login')) effects.navigate('/dashboard')
      },
      navigateToLogin: () => effects.navigate('/login/main'),
      keepUser: (_, { user }) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user),
    },
  })
  const token = getStoredToken()
  const keptUser = token ? (queryClient.getQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY) ?? null) : null
  // The frame draws from the kept user at once; its device data is claimed before any sync writes (P15).
  if (keptUser) void localData().then(({ claimLocalData }) => claimLocalData(keptUser.id))
  const actor = createActor(machine, { input: { token, keptUser } })
  setApiEventHandlers({
    onUnauthorized: () => actor.send({ type: 'session.unauthorized' }),
    // SPEC §4: a 405 sends the browser to /main/dashboard.
    onMethodNotAllowed: () => window.location.assign('/main/dashboard'),
  })
  // The server answers again after being down: confirm a user still only known from the device.
  onReachabilityChange((reachable) => {
    const snapshot = actor.getSnapshot()
    if (reachable && snapshot.matches('loggedIn') && snapshot.context.userFromDevice) actor.send({ type: 'session.reloadUser' })
  })
  retryWhenServerAnswers(() => api.call(contract.config))
  return actor
}

const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor outside SessionProvider')
  return actor
}

export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector)
}

/** The guard view of a settled session snapshot. */
export function guardSessionOf(snapshot: SessionSnapshot) {
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
