import { createFileRoute, redirect } from '@tanstack/react-router'
import { waitUntilSettled } from '../../machines/session-view.ts'
import { protectedRouteGuard } from '../guards.ts'
import { guardSessionOf } from '../session.tsx'
import { AuthenticatedLayout } from './-components/authenticated-layout.tsx'

/** Pathless layout of every logged-in screen: the global guard of SPEC §2 and the drawer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = guardSessionOf(await waitUntilSettled(() => context.session.getSnapshot()))
    const decision = protectedRouteGuard(session, location.pathname, { returnTo: location.href })
    if (decision) {
      // A campaign code opened logged out is validated after the login (D27).
      if (decision.redirectTo === '/login/main')
        await import('../after-login.ts').then(({ rememberAfterLogin }) => rememberAfterLogin(location.href)).catch(() => undefined)
      throw redirect({ to: decision.redirectTo, search: decision.search, replace: true })
    }
    // A screen whose data the role may not read (a manager on /financial, D7) goes home
    // instead of showing an error: the same canCall rule the server answers 403 with. The
    // navigation table (it names the contract's endpoints) and the query cache come with the
    // frame that draws them, not with the login page's entry.
    const role = context.session.getSnapshot().context.currentUser?.role
    const [{ isInSection, TAB_ITEMS }, { canCall }, queryClient] = await Promise.all([
      import('../layout/navigation.ts'),
      import('../../contract/define.ts'),
      context.queryClient ?? import('../query-client.ts').then((module) => module.queryClient),
    ])
    const section = TAB_ITEMS.find((item) => isInSection(location.pathname, item.section))
    if (role && section?.endpoint && !canCall(section.endpoint, role)) throw redirect({ to: '/dashboard', replace: true })
    // The screens' loaders and queries read the cache from here (the layout provides it).
    return { queryClient }
  },
  component: AuthenticatedLayout,
})
