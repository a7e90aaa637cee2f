import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate'
import type { LoginResponse } from '../contract/schemas/auth.ts'
import { isSessionEndedBody } from '../contract/session-ended.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { needsRegistrationUpdate } from '../contract/registration-due.ts'
import {
  initialContext,
  loggedOutContext,
  type LoginRequest,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
} from './session-view.ts'

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Erro ao efetuar login'
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 401
}

/** A 401 whose body says the session was ended on the server (an ApiError keeps the body as `detail`). */
function isSessionEnded(error: unknown): boolean {
  return isUnauthorized(error) && 'detail' in (error as object) && isSessionEndedBody((error as { detail: unknown }).detail)
}

/** The token a login answered with; none when it offered several accounts instead. */
function tokenOf(response: LoginResponse): string | null {
  return 'access_token' in response ? response.access_token : null
}

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
    /** `GET /at-home/empty-book-check/{id}/` for the book just used to log in (D8): is it empty? */
    checkBook: fromPromise<boolean, { uuid: string; token: string }>(async () => {
      throw new Error('checkBook actor not provided')
    }),
  },
  actions: {
    /** A login starts: the credentials wait for its answer, the last error and notices go. */
    startLogin: assign((_, params: { credentials: SessionContext['pendingCredentials'] }) => ({
      pendingCredentials: params.credentials,
      logInError: null,
      sessionExpired: false,
      sessionEnded: false,
      usersToLogin: [],
    })),
    /**
     * The login answered with a token: the session's from now on. A book login keeps its
     * credentials until the empty-book check has read the uuid.
     */
    takeToken: assign((_, params: { response: LoginResponse; keepCredentials: boolean }) => ({
      token: tokenOf(params.response),
      usersToLogin: [],
      ...(params.keepCredentials ? {} : { pendingCredentials: null }),
    })),
    /** Keep the token on the device (SPEC §3 "Stored locally: token"). */
    persistToken: (_, _params: { token: string }) => {},
    /** Remove token, verification token and book info; clear cached queries (SPEC §4). */
    clearStoredSession: () => {},
    /**
     * "Sair" ends the session on the server too: queued on the device and sent at
     * once, or when the connection returns. Never waited for: the wipe goes first.
     */
    endSessionOnServer: (_, _params: { token: string | null; after?: Promise<unknown> | undefined }) => {},
    /**
     * After login: go to the dashboard when on a login page or the root (SPEC §4); with an
     * empty book, to the profile creation (SPEC §2).
     */
    navigateAfterLogin: (_, _params: { isBookEmpty: boolean }) => {},
    /** `bookInfo` stays while the book is empty (the profile-creation flow), else goes (D8). */
    rememberBook: (_, _params: { uuid: string; isEmpty: boolean }) => {},
    forgetBook: () => {},
    navigateToLogin: () => {},
    /** The server answered with the current user: it is the session's, from now on confirmed. */
    takeUser: assign((_, params: { user: CurrentUser }) => ({
      currentUser: params.user,
      requiresUpdate: needsRegistrationUpdate(params.user),
      userUpdatedAt: Date.now(),
    })),
    /** Keep the confirmed user on the device for the next start. */
    keepUser: (_, _params: { user: CurrentUser; updatedAt: number }) => {},
    /** Only a refused token ends the session; the login screen then says why (issue 7). */
    forgetExpiredSession: assign((_, params: { ended: boolean }) => ({
      ...loggedOutContext,
      logInError: null,
      sessionExpired: true,
      sessionEnded: params.ended,
    })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasKeptUser: ({ context }) => context.token !== null && context.currentUser !== null,
    userFromDevice: ({ context }) => context.userFromDevice,
    offersSeveralAccounts: (_, params: { response: LoginResponse }) => 'users' in params.response,
    isBookLogin: ({ context }) => context.pendingCredentials?.bookUuid !== undefined,
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => initialContext(input),
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
          actions: {
            type: 'startLogin',
            params: ({ event }) => ({ credentials: { username: event.username, password: event.password } }),
          },
        },
        'session.loginWithBook': {
          target: 'loggingIn',
          actions: {
            type: 'startLogin',
            params: ({ event }) => ({ credentials: { username: event.username, password: '', bookUuid: event.uuid } }),
          },
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
            // The book's credentials stay until the check below has read the uuid.
            guard: 'isBookLogin',
            target: 'checkingBook',
            actions: [
              { type: 'takeToken', params: ({ event }) => ({ response: event.output, keepCredentials: true }) },
              { type: 'persistToken', params: ({ context }) => ({ token: context.token! }) },
            ],
          },
          {
            target: 'loadingUser',
            actions: [
              { type: 'takeToken', params: ({ event }) => ({ response: event.output, keepCredentials: false }) },
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
          actions: {
            type: 'startLogin',
            params: ({ event }) => ({ credentials: { username: event.username, password: event.password } }),
          },
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
            { type: 'takeToken', params: ({ event }) => ({ response: event.output, keepCredentials: false }) },
            { type: 'persistToken', params: ({ context }) => ({ token: context.token! }) },
          ],
        },
        onError: {
          target: 'choosingAccount',
          actions: assign({ logInError: ({ event }) => errorText(event.error) }),
        },
      },
    },
    /** SPEC §3 `isBookEmpty`: asked once, right after a book-code login (D8). */
    checkingBook: {
      tags: ['busy'],
      invoke: {
        src: 'checkBook',
        input: ({ context }) => ({ uuid: context.pendingCredentials!.bookUuid!, token: context.token! }),
        onDone: {
          target: 'loadingUser',
          actions: [
            {
              type: 'rememberBook',
              params: ({ context, event }) => ({ uuid: context.pendingCredentials!.bookUuid!, isEmpty: event.output }),
            },
            assign({ isBookEmpty: ({ event }) => event.output, pendingCredentials: null }),
          ],
        },
        // Unknown after login (the network dropped): the book was linked by the login, so
        // the account is treated as a usual one; the guards still send a provisional one on.
        onError: { target: 'loadingUser', actions: assign({ isBookEmpty: false, pendingCredentials: null }) },
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
            { type: 'takeUser', params: ({ event }) => ({ user: event.output }) },
            assign({ logInError: null }),
            { type: 'keepUser', params: ({ context }) => ({ user: context.currentUser!, updatedAt: context.userUpdatedAt! }) },
            { type: 'navigateAfterLogin', params: ({ context }) => ({ isBookEmpty: context.isBookEmpty }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [
            assign({
              ...loggedOutContext,
              logInError: ({ event }) => (isUnauthorized(event.error) ? null : errorText(event.error)),
              sessionExpired: ({ event }) => isUnauthorized(event.error),
              sessionEnded: ({ event }) => isSessionEnded(event.error),
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
          actions: [
            { type: 'endSessionOnServer', params: ({ context, event }) => ({ token: context.token, after: event.after }) },
            'clearStoredSession',
            assign({ ...loggedOutContext, logInError: null }),
            'navigateToLogin',
          ],
        },
        'session.unauthorized': {
          target: 'loggedOut',
          actions: [
            'clearStoredSession',
            { type: 'forgetExpiredSession', params: ({ event }) => ({ ended: event.ended === true }) },
            'navigateToLogin',
          ],
        },
        'session.tokenRefreshed': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.userUpdated': {
          actions: [
            { type: 'takeUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'keepUser', params: ({ context }) => ({ user: context.currentUser!, updatedAt: context.userUpdatedAt! }) },
          ],
        },
        'session.bookFlowEnded': { actions: [assign({ isBookEmpty: false }), 'forgetBook'] },
      },
      states: {
        // Started from the kept user: confirm it with the server behind the drawn frame.
        entering: { always: [{ guard: 'userFromDevice', target: 'reloading' }, { target: 'idle' }] },
        idle: { on: { 'session.reloadUser': 'reloading' } },
        reloading: {
          // A user the server answered to a change (joining the club, a saved profile) is newer
          // than the `/users/me/` in flight, asked before it: that answer must not undo the
          // change (a member seen as outside the club again). Leaving the state drops it; the
          // event is raised again for loggedIn's own handler to take and keep the user.
          on: {
            'session.userUpdated': { target: 'idle', actions: [assign({ userFromDevice: false }), raise(({ event }) => event)] },
          },
          invoke: {
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeUser', params: ({ event }) => ({ user: event.output }) },
                assign({ userFromDevice: false }),
                { type: 'keepUser', params: ({ context }) => ({ user: context.currentUser!, updatedAt: context.userUpdatedAt! }) },
              ],
            },
            // A failed refresh keeps the user we have (offline on a bus, lie-fi).
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.loggedOut',
                actions: [
                  'clearStoredSession',
                  { type: 'forgetExpiredSession', params: ({ event }) => ({ ended: isSessionEnded(event.error) }) },
                  'navigateToLogin',
                ],
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
