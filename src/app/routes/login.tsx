import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { waitUntilSettled } from '../../machines/session-view.ts'
import { loginRouteGuard } from '../guards.ts'
import { guardSessionOf } from '../session.tsx'

export const Route = createFileRoute('/login')({
  beforeLoad: async ({ context, location }) => {
    if (location.pathname === '/login' || location.pathname === '/login/') throw redirect({ to: '/login/main', replace: true })
    // A reset link opened on a device that is logged in still resets.
    if (location.pathname.startsWith('/login/recover-password')) return
    const decision = loginRouteGuard(guardSessionOf(await waitUntilSettled(() => context.session.getSnapshot())))
    if (decision) throw redirect({ to: decision.redirectTo, replace: true })
  },
  component: Outlet,
})
