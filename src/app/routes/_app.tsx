import { createFileRoute, redirect } from '@tanstack/react-router'
import { waitUntilSettled } from '../../machines/session.ts'
import { protectedRouteGuard } from '../guards.ts'
import { guardSessionOf } from '../session.tsx'
import { AuthenticatedLayout } from './-components/authenticated-layout.tsx'

/** Pathless layout of every logged-in screen: the global guard of SPEC §2 and the drawer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = guardSessionOf(await waitUntilSettled(() => context.session.getSnapshot()))
    const decision = protectedRouteGuard(session, location.pathname)
    if (decision) throw redirect({ to: decision.redirectTo, replace: true })
  },
  component: AuthenticatedLayout,
})
