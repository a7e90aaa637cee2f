import { createFileRoute, redirect } from '@tanstack/react-router'
import { waitUntilSettled } from '../../machines/session-view.ts'
import { protectedRouteGuard, rootRouteGuard } from '../guards.ts'
import { guardSessionOf } from '../session.tsx'

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context, location }) => {
    const session = guardSessionOf(await waitUntilSettled(() => context.session.getSnapshot()))
    const decision = protectedRouteGuard(session, location.pathname) ?? rootRouteGuard(session)
    if (decision) throw redirect({ to: decision.redirectTo, search: decision.search, replace: true })
  },
})
