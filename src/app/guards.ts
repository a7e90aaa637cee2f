/**
 * Route guards of SPEC §2 as pure functions of the session, so unit tests call them with
 * plain states and the router only turns a decision into `throw redirect(...)`.
 */
export interface GuardSession {
  isLoggedIn: boolean
  isBookEmpty: boolean
  requiresUpdate: boolean
  hasDriveUser: boolean
}

export type GuardDecision = { redirectTo: string; search?: { redirect: string } } | null

/**
 * The registration-update redirect of SPEC §2 ("and the flag is on"): on since the
 * /profile-update screens exist.
 */
export const REGISTRATION_UPDATE_REDIRECT_ENABLED = true

export const PROFILE_UPDATE_START = '/profile-update/start'
export const PROFILE_CREATION_START = '/profile-creation/new-user'
const HOME = '/dashboard'
const MAX_RETURN_PATH_LENGTH = 2000

/**
 * Where a user sent to the registration update was going, to return there after saving
 * (`?redirect=`): a path of this app only (never `//host` or a scheme: no open redirect),
 * and not a page that would send them somewhere else again.
 */
export function returnPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return undefined
  // eslint-disable-next-line no-control-regex -- a control character never belongs in a path
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001F\u007F]/.test(value)) return undefined
  const path = value.split(/[?#]/, 1)[0]!.replace(/\/+$/, '')
  if (path === '' || path === HOME || /^\/(profile-update|profile-creation|login)(\/|$)/.test(path)) return undefined
  return value
}

export interface ProtectedGuardOptions {
  /** The path with its search, to come back to after the update (defaults to `pathname`). */
  returnTo?: string
  registrationUpdateEnabled?: boolean
}

/** Global guard for every non-login path (SPEC §2). */
export function protectedRouteGuard(session: GuardSession, pathname: string, options: ProtectedGuardOptions = {}): GuardDecision {
  const { returnTo = pathname, registrationUpdateEnabled = REGISTRATION_UPDATE_REDIRECT_ENABLED } = options
  if (!session.isLoggedIn && !session.isBookEmpty) return { redirectTo: '/login/main' }
  // An empty book's account has no profile yet; it creates one instead of updating it.
  if (session.isBookEmpty && session.requiresUpdate)
    return isUnder(pathname, 'profile-creation') ? null : { redirectTo: PROFILE_CREATION_START }
  if (registrationUpdateEnabled && session.requiresUpdate && !/^\/profile-update(\/|$)/.test(pathname)) {
    const redirect = returnPathOf(returnTo)
    return redirect ? { redirectTo: PROFILE_UPDATE_START, search: { redirect } } : { redirectTo: PROFILE_UPDATE_START }
  }
  return null
}

function isUnder(pathname: string, section: string): boolean {
  return new RegExp(`^/${section}(/|$)`).test(pathname)
}

/** /profile-creation (SPEC §2): with no update needed and the book not empty, go to the dashboard. */
export function profileCreationRouteGuard(session: GuardSession): GuardDecision {
  return !session.requiresUpdate && !session.isBookEmpty ? { redirectTo: HOME } : null
}

/** /profile-update (SPEC §2): with no update needed and the book not empty, go to the dashboard. */
export function profileUpdateRouteGuard(session: GuardSession): GuardDecision {
  return !session.requiresUpdate && !session.isBookEmpty ? { redirectTo: HOME } : null
}

/** `/`: a user without drive_user goes to login unless the book is empty, else the dashboard. */
export function rootRouteGuard(session: GuardSession): GuardDecision {
  if (!session.hasDriveUser && !session.isBookEmpty) return { redirectTo: '/login/main' }
  return { redirectTo: HOME }
}

/** Login pages are for logged-out visitors; a logged-in user goes home. */
export function loginRouteGuard(session: GuardSession): GuardDecision {
  return session.isLoggedIn ? { redirectTo: HOME } : null
}

export const KNN_CLUB_HOME = '/knn-club/meu-clube'

/**
 * /knn-club (SPEC §2): a student who has not joined the club sees only its rules and
 * "Participar" at meu-clube; every other club page sends there. (Wired with the club's
 * screens, issue 13.)
 */
export function knnClubRouteGuard(user: { is_club: boolean } | null, pathname: string): GuardDecision {
  if (user?.is_club) return null
  return pathname.replace(/\/+$/, '') === KNN_CLUB_HOME ? null : { redirectTo: KNN_CLUB_HOME }
}

/** What a student who opened a manager's screen reads on the dashboard (issue 11). */
export const RESTRICTED_AREA_NOTICE = 'Área restrita à equipe da escola'

/** Manager-only screens (D7, D31): anyone else goes home, as the server would answer 403. */
export function managerRouteGuard(role: 'student' | 'manager' | undefined): GuardDecision {
  return role === 'manager' ? null : { redirectTo: HOME }
}
