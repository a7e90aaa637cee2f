import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { profileUpdateRouteGuard, PROFILE_UPDATE_START, returnPathOf } from '../../guards.ts'
import { guardSessionOf } from '../../session.tsx'

export interface ProfileUpdateSearch {
  /** Where the global guard found the student going: back there after saving. */
  redirect?: string
}

/** SPEC §2 /profile-update: start and form; nothing to do → dashboard. The session settled in `_app`. */
export const Route = createFileRoute('/_app/profile-update')({
  validateSearch: (search: Record<string, unknown>): ProfileUpdateSearch => {
    const target = returnPathOf(search.redirect)
    return target ? { redirect: target } : {}
  },
  beforeLoad: ({ context, location, search }) => {
    const decision = profileUpdateRouteGuard(guardSessionOf(context.session.getSnapshot()))
    if (decision) throw redirect({ to: decision.redirectTo, replace: true })
    if (location.pathname.replace(/\/$/, '') === '/profile-update') throw redirect({ to: PROFILE_UPDATE_START, search, replace: true })
  },
  component: Outlet,
})
