import { useEffect, useLayoutEffect, useRef } from 'react'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import { closedThisVisit, dueTour, tourRouteOfPath } from './tour-paths.ts'

export interface GuidedTourProps {
  user: CurrentUser
  /** The screen shown (location.pathname). */
  pathname: string
  online: boolean
  /** The server answered the user on this visit (its tour record is the server's). */
  userConfirmed: boolean
  /** The shell shows its navigation (the tours point at it). */
  showsNavigation: boolean
  onUserUpdated: (user: CurrentUser) => void
}

/**
 * Starts this screen's guided tour when the user's tour record lacks it (SPEC §2). Draws
 * nothing: the tour's machine and driver.js load only when one is due.
 */
export function GuidedTour({ user, pathname, online, userConfirmed, showsNavigation, onUserUpdated }: GuidedTourProps) {
  const route = dueTour({
    userId: user.id,
    route: tourRouteOfPath(pathname),
    driverTour: user.driver_tour,
    showsNavigation,
    online,
    userConfirmed,
    closedThisVisit,
  })
  const userId = user.id
  // The latest callback, without restarting the tour when it changes.
  const latestOnUserUpdated = useRef(onUserUpdated)
  useLayoutEffect(() => {
    latestOnUserUpdated.current = onUserUpdated
  })

  useEffect(() => {
    if (!route) return
    let stop: (() => void) | undefined
    let left = false
    void import('./run-tour.ts').then(
      ({ runTour }) => {
        if (!left) stop = runTour({ route, userId, onUserUpdated: (updated) => latestOnUserUpdated.current(updated) })
      },
      // The chunk did not arrive (offline before it was cached): the tour waits for another visit.
      () => {},
    )
    return () => {
      left = true
      stop?.()
    }
  }, [route, userId])

  return null
}
