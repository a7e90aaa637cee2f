import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PROFILE_CREATION_START, profileCreationRouteGuard } from '../../guards.ts'
import { guardSessionOf } from '../../session.tsx'

/** SPEC §2 /profile-creation: new-user and form; nothing to do → dashboard. The session settled in `_app`. */
export const Route = createFileRoute('/_app/profile-creation')({
  beforeLoad: ({ context, location }) => {
    const decision = profileCreationRouteGuard(guardSessionOf(context.session.getSnapshot()))
    if (decision) throw redirect({ to: decision.redirectTo, replace: true })
    if (location.pathname.replace(/\/$/, '') === '/profile-creation') throw redirect({ to: PROFILE_CREATION_START, replace: true })
  },
  component: Outlet,
})
