import { createFileRoute, redirect } from '@tanstack/react-router'
import { waitUntilSettled } from '../../machines/session.ts'
import { protectedRouteGuard } from '../guards.ts'
import { isInSection, TAB_ITEMS } from '../layout/navigation.ts'
import { canCall } from '../../api/define.ts'
import { guardSessionOf } from '../session.tsx'
import { AuthenticatedLayout } from './-components/authenticated-layout.tsx'

/** Pathless layout of every logged-in screen: the global guard of SPEC §2 and the drawer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = guardSessionOf(await waitUntilSettled(() => context.session.getSnapshot()))
    const decision = protectedRouteGuard(session, location.pathname, { returnTo: location.href })
    if (decision) throw redirect({ to: decision.redirectTo, search: decision.search, replace: true })
    // A screen whose data the role may not read (a manager on /financial, D7) goes home
    // instead of showing an error: the same canCall rule the server answers 403 with.
    const role = context.session.getSnapshot().context.currentUser?.role
    const section = TAB_ITEMS.find((item) => isInSection(location.pathname, item.section))
    if (role && section?.endpoint && !canCall(section.endpoint, role)) throw redirect({ to: '/dashboard', replace: true })
  },
  component: AuthenticatedLayout,
})
