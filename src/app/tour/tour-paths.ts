import type { TourRoute } from '../../contract/schemas/tour.ts'

/** Which screen starts which tour (SPEC §2), by path; minha-pratica by its pattern below. */
export const TOUR_PATHS: Readonly<Record<string, TourRoute>> = {
  '/dashboard': 'dashboard',
  '/pedagogico/list': 'pedagogico-list',
}

/** /pedagogico/minha-pratica/{id}: one tour for every class's practice area (issue 10). */
const MINHA_PRATICA = /^\/pedagogico\/minha-pratica\/\d+$/

export function tourRouteOfPath(pathname: string): TourRoute | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  return MINHA_PRATICA.test(path) ? 'pedagogico-minha-pratica' : TOUR_PATHS[path]
}

/** `userId:route` of the tours closed on this visit (a failed record must not bring them back now). */
export const closedThisVisit = new Set<string>()
export const visitKey = (userId: number, route: TourRoute) => `${userId}:${route}`

export interface TourEligibility {
  userId: number
  route: TourRoute | undefined
  driverTour: Readonly<Record<string, boolean>>
  /** The shell shows its navigation (not during profile creation or a due registration update). */
  showsNavigation: boolean
  online: boolean
  /**
   * The user (and its tour record) came from the server on this visit, not only from the
   * device: a tour seen on another device since stays unseen in the kept copy.
   */
  userConfirmed: boolean
  /** Closed on this visit already, even if its record has not reached the server. */
  closedThisVisit: ReadonlySet<string>
}

/**
 * Whether this screen's tour starts (SPEC §2 global guard: "if the user's tour record lacks
 * it"). Only online: closing it records it on the server, so it is not shown again on any
 * device; an offline student sees it the next time online.
 */
export function dueTour({
  userId,
  route,
  driverTour,
  showsNavigation,
  online,
  userConfirmed,
  closedThisVisit,
}: TourEligibility): TourRoute | undefined {
  if (!route || !showsNavigation || !online || !userConfirmed) return undefined
  return driverTour[route] || closedThisVisit.has(visitKey(userId, route)) ? undefined : route
}
