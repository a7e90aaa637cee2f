import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { api, setApiEventHandlers } from '../lib/api.ts'
import { authEndpoints } from '../contract/endpoints/auth.ts'
import { bookEndpoints } from '../contract/endpoints/books.ts'
import { configEndpoints } from '../contract/endpoints/config.ts'
import { userEndpoints } from '../contract/endpoints/users.ts'
import { clearStoredSession, removeStoredItem, storeBookInfo, storeKeptUser, storeToken } from '../lib/local-store.ts'
import { onReachabilityChange } from '../lib/reachability.ts'
import { shellKindForPath } from '../contract/shell-file.ts'
import { refreshRuntimeConfig, runtimeConfig } from '../lib/runtime-config.ts'
import { isSessionEndedBody } from '../contract/session-ended.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { loadLocalData } from '../db/local.ts'
import { forgetLoginOrigin } from '../features/auth/login-origin.ts'
import { loginOriginBody } from '../features/auth/login-origin-body.ts'
import { sessionMachine } from '../machines/session.ts'
import type { SessionInput } from '../machines/session-view.ts'
import { verifyPendingEmail } from './email-verification-step.ts'
import { sendQueuedLogouts } from './logout-sender.ts'
import { queueLogout } from './pending-logouts.ts'
import { productionRedirectTarget } from './production-redirect.ts'
import { queryClient, retryWhenServerAnswers } from './query-client.ts'

/**
 * The session's machine with the app's side effects (loaded by src/app/session.tsx
 * at once with a token, otherwise after the first screen or at the first event): the
 * contract client for fetches, local storage for the token and the kept user, the query
 * cache, Dexie and the router for navigation.
 */

/** The running session machine, as the app's `Session` holds it. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** What the session does to the app: where the router is and how it moves. */
export interface SessionEffects {
  navigate: (to: string) => void
  currentPath: () => string
}

/** Workbox's precache (the app itself) stays; every other cache may hold what an account saw. */
const PRECACHE_PREFIX = 'workbox-precache'

/**
 * One way to wipe a device (issue 8): every Dexie table, the query cache, the service
 * worker's runtime caches and every account key in local storage (the kept user with
 * them). The next account on a shared phone sees nothing of this one, offline either.
 */
export async function wipeDevice(): Promise<void> {
  clearStoredSession()
  queryClient.clear()
  await Promise.all([
    loadLocalData().then(({ wipeLocalData }) => wipeLocalData()),
    clearRuntimeCaches(),
    // Queued files stay (they go when their owner signs in again), their token does not.
    import('../db/outbox.ts').then(({ forgetTokens }) => forgetTokens()),
  ])
}

async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)))
}

/**
 * Sends the logouts "Sair" queued. The sender is bundled with this module, not a chunk
 * of its own: offline, loading one would fail, and a failed import may be kept as failed.
 */
const flushLogouts = () => void sendQueuedLogouts()

/**
 * D6: a student of school 1 on a local host belongs on the production site. Never awaited:
 * the settings may still be on their way (or the server silent), and the screen must not wait.
 */
async function redirectToProduction(user: CurrentUser): Promise<void> {
  const settings = runtimeConfig() ?? (await refreshRuntimeConfig(api))
  const production = productionRedirectTarget(window.location, user, settings?.production_url ?? null)
  if (production) window.location.replace(production)
}

/** Creates and starts the session actor from what the device kept (`input`, read before the first render). */
export function startSessionActor(input: SessionInput, effects: SessionEffects): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        if (input.bookUuid !== undefined)
          return api.call(bookEndpoints.bookCodeLogin, {
            body: { username: input.username, uuid: input.bookUuid, user_id: input.userId?.toString() },
          })
        // D25: a partner landing page's prospex, cupom and company go with the password login.
        const answer = await api.call(authEndpoints.loginAccessToken, {
          body: { username: input.username, password: input.password, user_id: input.userId?.toString(), ...loginOriginBody() },
        })
        if ('access_token' in answer) forgetLoginOrigin()
        return answer
      }),
      // The token was stored as the login answered, so the client sends it.
      checkBook: fromPromise(async ({ input }) => (await api.call(bookEndpoints.emptyBookCheck, { params: { id: input.uuid } })).empty),
      loadUser: fromPromise(async (): Promise<CurrentUser> => {
        // SPEC §4: a kept e-mail confirmation goes first, so the user loaded next shows it.
        await verifyPendingEmail((token) => api.call(userEndpoints.verifyEmail, { body: { token_email: token } }))
        // Taken before the user is asked for, so a logout meanwhile voids the claim below. From
        // the syncs' module, which the screen's first sync loads anyway: imported statically,
        // it and what it shares with the syncs became a file of their own on every route.
        const ticket = (await import('../db/sync-start.ts')).syncTicket()
        // Offline or lie-fi the call fails and the session keeps the user it has (issue 7).
        const user = await api.call(userEndpoints.usersMe)
        // Another account's data never shows, even if its logout never ran (D15); a logout
        // made while the answer was on its way leaves the device unclaimed.
        await (await loadLocalData()).claimLocalData(user.id, undefined, ticket)
        void redirectToProduction(user)
        return user
      }),
    },
    actions: {
      persistToken: (_, { token }) => storeToken(token),
      // Kept before the wipe and sent behind it: offline, it waits for the connection.
      endSessionOnServer: (_, { token, after }) => {
        if (token === null) return
        queueLogout(token)
        // What still needs the token goes first (a revoked token would be refused).
        void Promise.allSettled([after]).then(flushLogouts)
      },
      keepUser: (_, { user, updatedAt }) => storeKeptUser(user, updatedAt),
      clearStoredSession: () => void wipeDevice(),
      navigateAfterLogin: (_, { isBookEmpty }) => {
        const path = effects.currentPath()
        if (!(path === '/' || path.startsWith('/login'))) return
        if (isBookEmpty) return effects.navigate('/profile-creation/new-user')
        // A campaign code opened logged out goes on after the login; else the dashboard (SPEC §4).
        // Its few lines load here, not with the login page.
        void import('./after-login.ts').then(
          ({ takeAfterLogin }) => effects.navigate(takeAfterLogin() ?? '/dashboard'),
          () => effects.navigate('/dashboard'),
        )
      },
      // D8: an empty book's `bookInfo` stays until its profile is complete; a linked one's flow is over.
      rememberBook: (_, { uuid, isEmpty }) => (isEmpty ? storeBookInfo({ uuid, isEmpty }) : removeStoredItem('bookInfo')),
      forgetBook: () => removeStoredItem('bookInfo'),
      // A referral link is public: a session found expired there ends without leaving the page.
      navigateToLogin: () => {
        if (shellKindForPath(effects.currentPath()) !== 'indicacao') effects.navigate('/login/main')
      },
    },
  })
  const actor = createActor(machine, { input })
  setApiEventHandlers({
    onUnauthorized: (body) => actor.send({ type: 'session.unauthorized', ended: isSessionEndedBody(body) }),
    // SPEC §4: a 405 sends the browser to /main/dashboard.
    onMethodNotAllowed: () => window.location.assign('/main/dashboard'),
  })
  // The server answers again after being down: confirm a user still only known from the device.
  onReachabilityChange((reachable) => {
    if (reachable) flushLogouts()
    const snapshot = actor.getSnapshot()
    if (reachable && snapshot.matches('loggedIn') && snapshot.context.userFromDevice) actor.send({ type: 'session.reloadUser' })
  })
  retryWhenServerAnswers(() => api.call(configEndpoints.config))
  // A logout queued offline goes when the device is back online, or at the next start.
  window.addEventListener('online', flushLogouts)
  flushLogouts()
  return actor.start()
}
