import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AccountChoice, LoginResponse } from '../api/schemas/auth.ts'
import type { CurrentUser } from '../api/schemas/user.ts'
import { needsRegistrationUpdate } from '../api/registration.ts'

/** SPEC §9: the session is polled every 100 ms until the user is loaded. */
export const SESSION_POLL_MS = 100

export interface Credentials {
  username: string
  password: string
}

export interface SessionContext {
  token: string | null
  currentUser: CurrentUser | null
  /** Accounts sharing the identifier, for the user to pick (D9). */
  usersToLogin: AccountChoice[]
  logInError: string | null
  requiresUpdate: boolean
  isBookEmpty: boolean
  showDrawer: boolean
  /** Kept only while the user picks an account, so the second login needs no retyping. */
  pendingCredentials: Credentials | null
  /** The server refused the token (401): the login screen says the session expired (issue 7). */
  sessionExpired: boolean
  /** The user came from the device, not yet confirmed by `/users/me/` in this visit. */
  userFromDevice: boolean
}

export interface SessionInput {
  token: string | null
  isBookEmpty?: boolean
  /**
   * The user kept on the device by the last visit: with a token, the signed-in frame draws
   * at once from it and `/users/me/` revalidates behind (issue 7, no blank screen on lie-fi).
   */
  keptUser?: CurrentUser | null
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.chooseAccount'; userId: number }
  | { type: 'session.cancelChoice' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.reloadUser' }
  | { type: 'session.userUpdated'; user: CurrentUser }
  /** A password change voided older tokens and handed this session a new one. */
  | { type: 'session.tokenRefreshed'; token: string }
  | { type: 'session.toggleDrawer' }
  | { type: 'session.setDrawer'; open: boolean }

export interface LoginRequest extends Credentials {
  userId?: number
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Erro ao efetuar login'
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 401
}

const loggedOutContext = {
  token: null,
  currentUser: null,
  usersToLogin: [],
  requiresUpdate: false,
  pendingCredentials: null,
  userFromDevice: false,
} satisfies Partial<SessionContext>

/**
 * The one owner of auth state (DESIGN.md "Session"). Side effects are named here and
 * supplied by the app with `sessionMachine.provide(...)`: storage, navigation, fetch.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<LoginResponse, LoginRequest>(async () => {
      throw new Error('login actor not provided')
    }),
    loadUser: fromPromise<CurrentUser, { token: string }>(async () => {
      throw new Error('loadUser actor not provided')
    }),
  },
  actions: {
    /** Keep the token on the device (SPEC §3 "Stored locally: token"). */
    persistToken: (_, _params: { token: string }) => {},
    /** Remove token, verification token and book info; clear cached queries (SPEC §4). */
    clearStoredSession: () => {},
    /** After login: go to the dashboard when on a login page or the root (SPEC §4). */
    navigateAfterLogin: () => {},
    navigateToLogin: () => {},
    /** A user an update answered: kept on the device like a loaded one, so a reload starts from it. */
    keepUser: (_, _params: { user: CurrentUser }) => {},
    /** Only a refused token ends the session; the login screen then says why (issue 7). */
    forgetExpiredSession: assign({ ...loggedOutContext, logInError: null, sessionExpired: true }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasKeptUser: ({ context }) => context.token !== null && context.currentUser !== null,
    userFromDevice: ({ context }) => context.userFromDevice,
    offersSeveralAccounts: (_, params: { response: LoginResponse }) => 'users' in params.response,
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const keptUser = input.token ? (input.keptUser ?? null) : null
    return {
      ...loggedOutContext,
      token: input.token,
      currentUser: keptUser,
      requiresUpdate: keptUser ? needsRegistrationUpdate(keptUser) : false,
      userFromDevice: keptUser !== null,
      logInError: null,
      sessionExpired: false,
      isBookEmpty: input.isBookEmpty ?? false,
      showDrawer: true,
    }
  },
  initial: 'initializing',
  on: {
    'session.toggleDrawer': { actions: assign({ showDrawer: ({ context }) => !context.showDrawer }) },
    'session.setDrawer': { actions: assign({ showDrawer: ({ event }) => event.open }) },
  },
  states: {
    initializing: {
      tags: ['busy'],
      always: [{ guard: 'hasKeptUser', target: 'loggedIn' }, { guard: 'hasToken', target: 'loadingUser' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.login': {
          target: 'loggingIn',
          actions: assign({
            pendingCredentials: ({ event }) => ({ username: event.username, password: event.password }),
            logInError: null,
            sessionExpired: false,
            usersToLogin: [],
          }),
        },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ context }) => ({ ...context.pendingCredentials! }),
        onDone: [
          {
            guard: { type: 'offersSeveralAccounts', params: ({ event }) => ({ response: event.output }) },
            target: 'choosingAccount',
            actions: assign({ usersToLogin: ({ event }) => ('users' in event.output ? event.output.users : []) }),
          },
          {
            target: 'loadingUser',
            actions: [
              assign({
                token: ({ event }) => ('access_token' in event.output ? event.output.access_token : null),
                usersToLogin: [],
                pendingCredentials: null,
              }),
              { type: 'persistToken', params: ({ context }) => ({ token: context.token! }) },
            ],
          },
        ],
        onError: {
          target: 'loggedOut',
          actions: assign({ logInError: ({ event }) => errorText(event.error), pendingCredentials: null }),
        },
      },
    },
    choosingAccount: {
      on: {
        'session.chooseAccount': { target: 'loggingInAs' },
        'session.cancelChoice': { target: 'loggedOut', actions: assign({ usersToLogin: [], pendingCredentials: null }) },
        'session.login': {
          target: 'loggingIn',
          actions: assign({
            pendingCredentials: ({ event }) => ({ username: event.username, password: event.password }),
            logInError: null,
            sessionExpired: false,
            usersToLogin: [],
          }),
        },
      },
    },
    loggingInAs: {
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ context, event }) => ({
          ...context.pendingCredentials!,
          userId: event.type === 'session.chooseAccount' ? event.userId : undefined,
        }),
        onDone: {
          target: 'loadingUser',
          actions: [
            assign({
              token: ({ event }) => ('access_token' in event.output ? event.output.access_token : null),
              usersToLogin: [],
              pendingCredentials: null,
            }),
            { type: 'persistToken', params: ({ context }) => ({ token: context.token! }) },
          ],
        },
        onError: {
          target: 'choosingAccount',
          actions: assign({ logInError: ({ event }) => errorText(event.error) }),
        },
      },
    },
    loadingUser: {
      tags: ['busy'],
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({
              currentUser: ({ event }) => event.output,
              requiresUpdate: ({ event }) => needsRegistrationUpdate(event.output),
              logInError: null,
            }),
            'navigateAfterLogin',
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [
            assign({
              ...loggedOutContext,
              logInError: ({ event }) => (isUnauthorized(event.error) ? null : errorText(event.error)),
              sessionExpired: ({ event }) => isUnauthorized(event.error),
            }),
            'clearStoredSession',
          ],
        },
      },
    },
    loggedIn: {
      initial: 'entering',
      on: {
        'session.logout': {
          target: 'loggedOut',
          actions: ['clearStoredSession', assign({ ...loggedOutContext, logInError: null }), 'navigateToLogin'],
        },
        'session.unauthorized': { target: 'loggedOut', actions: ['clearStoredSession', 'forgetExpiredSession', 'navigateToLogin'] },
        'session.tokenRefreshed': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.userUpdated': {
          actions: [
            assign({
              currentUser: ({ event }) => event.user,
              requiresUpdate: ({ event }) => needsRegistrationUpdate(event.user),
            }),
            { type: 'keepUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
      states: {
        // Started from the kept user: confirm it with the server behind the drawn frame.
        entering: { always: [{ guard: 'userFromDevice', target: 'reloading' }, { target: 'idle' }] },
        idle: { on: { 'session.reloadUser': 'reloading' } },
        reloading: {
          invoke: {
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'idle',
              actions: assign({
                currentUser: ({ event }) => event.output,
                requiresUpdate: ({ event }) => needsRegistrationUpdate(event.output),
                userFromDevice: false,
              }),
            },
            // A failed refresh keeps the user we have (offline on a bus, lie-fi).
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.loggedOut',
                actions: ['clearStoredSession', 'forgetExpiredSession', 'navigateToLogin'],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
})

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** True once the session knows whether someone is logged in (nothing in flight). */
export function isSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.hasTag('busy')
}

/**
 * SPEC §4: route guards poll the session every 100 ms until the user is loaded, then
 * decide on the settled snapshot.
 */
export async function waitUntilSettled(getSnapshot: () => SessionSnapshot, intervalMs = SESSION_POLL_MS): Promise<SessionSnapshot> {
  let snapshot = getSnapshot()
  while (!isSettled(snapshot)) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    snapshot = getSnapshot()
  }
  return snapshot
}
