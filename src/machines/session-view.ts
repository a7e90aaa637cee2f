import type { AccountChoice } from '../contract/schemas/auth.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { needsRegistrationUpdate } from '../contract/registration-due.ts'

/**
 * The session's data and how the app reads it, without XState: the machine (./session.ts)
 * loads after the first screen, and until then the screens and guards read the view
 * it would start in (`startingView`).
 */

/** SPEC §9: the session is polled every 100 ms until the user is loaded. */
export const SESSION_POLL_MS = 100

export interface Credentials {
  username: string
  password: string
  /** Book-code login (D8): the book's uuid instead of a password (`password` is then empty). */
  bookUuid?: string
}

export interface LoginRequest extends Credentials {
  userId?: number
}

export interface SessionContext {
  token: string | null
  currentUser: CurrentUser | null
  /** When the server last answered with `currentUser` (the "Atualizado em" of /me); null before it did. */
  userUpdatedAt: number | null
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
  /** That 401 said the session was ended (a logout elsewhere, "Encerrar", a reset): the screen says so instead. */
  sessionEnded: boolean
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
  /** When the server last confirmed `keptUser`. */
  keptUserAt?: number | null
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  /** Book-code login (SPEC §3, D8): the uuid is kept as `bookInfo` by the screen until the flow ends. */
  | { type: 'session.loginWithBook'; username: string; uuid: string }
  /** The profile of an empty book's account is complete (SPEC §2 /profile-creation): `bookInfo` goes. */
  | { type: 'session.bookFlowEnded' }
  | { type: 'session.chooseAccount'; userId: number }
  | { type: 'session.cancelChoice' }
  /**
   * "Sair". `after`: work that still calls the server with this session's token (this device's
   * notifications are forgotten, issue 11): the server ends the session once it settled.
   */
  | { type: 'session.logout'; after?: Promise<unknown> }
  /** `ended`: the server said "Sua sessão foi encerrada", not a plain expiry. */
  | { type: 'session.unauthorized'; ended?: boolean }
  | { type: 'session.reloadUser' }
  | { type: 'session.userUpdated'; user: CurrentUser }
  /** A password change voided older tokens and handed this session a new one. */
  | { type: 'session.tokenRefreshed'; token: string }
  | { type: 'session.toggleDrawer' }
  | { type: 'session.setDrawer'; open: boolean }

export const loggedOutContext = {
  token: null,
  currentUser: null,
  userUpdatedAt: null,
  usersToLogin: [],
  requiresUpdate: false,
  isBookEmpty: false,
  pendingCredentials: null,
  userFromDevice: false,
} satisfies Partial<SessionContext>

/** The machine's context at start. */
export function initialContext(input: SessionInput): SessionContext {
  const keptUser = input.token ? (input.keptUser ?? null) : null
  return {
    ...loggedOutContext,
    token: input.token,
    currentUser: keptUser,
    userUpdatedAt: keptUser ? (input.keptUserAt ?? null) : null,
    requiresUpdate: keptUser ? needsRegistrationUpdate(keptUser) : false,
    userFromDevice: keptUser !== null,
    logInError: null,
    sessionExpired: false,
    sessionEnded: false,
    isBookEmpty: input.token ? (input.isBookEmpty ?? false) : false,
    showDrawer: true,
  }
}

/** The machine's states (./session.ts), as `matches` takes them. */
export type SessionStateValue =
  | 'initializing'
  | 'loggedOut'
  | 'loggingIn'
  | 'choosingAccount'
  | 'loggingInAs'
  | 'checkingBook'
  | 'loadingUser'
  | 'loggedIn'
  | { loggedIn: 'entering' | 'idle' | 'reloading' }

/** What screens and guards read of the session: the machine's snapshot, or the view it starts in. */
export interface SessionView {
  context: SessionContext
  matches(value: SessionStateValue): boolean
  hasTag(tag: 'busy'): boolean
}

function matchesValue(value: SessionStateValue, test: SessionStateValue): boolean {
  if (typeof test === 'string') return typeof value === 'string' ? value === test : test in value
  return typeof value !== 'string' && Object.entries(test).every(([state, child]) => value[state as 'loggedIn'] === child)
}

/**
 * The snapshot the machine settles in right after it starts (its `initializing` state):
 * signed in from a kept user and revalidating, loading the user of a bare token (busy), or
 * logged out. A unit test holds it equal to the machine's own first snapshot.
 */
export function startingView(input: SessionInput, busy = false): SessionView {
  const context = initialContext(input)
  const value: SessionStateValue = context.currentUser ? { loggedIn: 'reloading' } : context.token ? 'loadingUser' : 'loggedOut'
  return {
    context,
    matches: (test) => matchesValue(value, test),
    hasTag: (tag) => tag === 'busy' && (busy || value === 'loadingUser'),
  }
}

/** True once the session knows whether someone is logged in (nothing in flight). */
export function isSettled(snapshot: SessionView): boolean {
  return !snapshot.hasTag('busy')
}

/**
 * SPEC §4: route guards poll the session every 100 ms until the user is loaded, then
 * decide on the settled snapshot.
 */
export async function waitUntilSettled<T extends SessionView>(getSnapshot: () => T, intervalMs = SESSION_POLL_MS): Promise<T> {
  let snapshot = getSnapshot()
  while (!isSettled(snapshot)) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    snapshot = getSnapshot()
  }
  return snapshot
}
