import { useSelector } from '@xstate/react'
import { createContext, useContext, type ReactNode } from 'react'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { api, setApiEventHandlers } from '../api/api.ts'
import { NetworkError } from '../api/client.ts'
import { contract } from '../api/contract.ts'
import { clearStoredSession, getStoredToken, storeToken } from '../api/local-store.ts'
import type { CurrentUser } from '../api/schemas/user.ts'
import { sessionMachine, type SessionSnapshot } from '../machines/session.ts'
import { clearQueryCache, queryClient } from './query-client.ts'

export const CURRENT_USER_QUERY_KEY = ['users', 'me'] as const

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** The device database loads with the first logged-in screen, not with the login page. */
const localData = () => import('../db/sync.ts')

interface SessionEffects {
  navigate: (to: string) => void
  currentPath: () => string
}

/**
 * The session actor with the app's side effects: the contract client for fetches, local
 * storage for the token, the query cache and the router for navigation.
 */
export function createSessionActor(effects: SessionEffects): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) =>
        api.call(contract.loginAccessToken, {
          body: { username: input.username, password: input.password, user_id: input.userId?.toString() },
        }),
      ),
      loadUser: fromPromise(async (): Promise<CurrentUser> => {
        try {
          const user = await api.call(contract.usersMe)
          // Another account's data never shows, even if its logout never ran (D15).
          await (await localData()).claimLocalData(user.id)
          queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user)
          return user
        } catch (error) {
          // Offline on a bus: the user kept by the persisted cache keeps the portal open.
          const cached = queryClient.getQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY)
          if (error instanceof NetworkError && cached) {
            await (await localData()).claimLocalData(cached.id)
            return cached
          }
          throw error
        }
      }),
    },
    actions: {
      persistToken: (_, { token }) => storeToken(token),
      clearStoredSession: () => {
        clearStoredSession()
        void clearQueryCache()
        void localData().then(({ wipeLocalData }) => wipeLocalData())
      },
      navigateAfterLogin: () => {
        const path = effects.currentPath()
        if (path === '/' || path.startsWith('/login')) effects.navigate('/dashboard')
      },
      navigateToLogin: () => effects.navigate('/login/main'),
    },
  })
  const actor = createActor(machine, { input: { token: getStoredToken() } })
  setApiEventHandlers({
    onUnauthorized: () => actor.send({ type: 'session.unauthorized' }),
    // SPEC §4: a 405 sends the browser to /main/dashboard.
    onMethodNotAllowed: () => window.location.assign('/main/dashboard'),
  })
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
