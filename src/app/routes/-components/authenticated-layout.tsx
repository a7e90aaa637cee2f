import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet, useRouteContext } from '@tanstack/react-router'
import { useBrand } from '../../brand-context.tsx'
import { REGISTRATION_UPDATE_REDIRECT_ENABLED } from '../../guards.ts'
import { AppShell } from '../../layout/app-shell.tsx'
import { useSession, useSessionActor } from '../../session.tsx'

export function AuthenticatedLayout() {
  const brand = useBrand()
  const session = useSessionActor()
  const user = useSession((s) => s.context.currentUser)
  const showDrawer = useSession((s) => s.context.showDrawer)
  // Every other screen sends back to /profile-update until it is saved: no menu to bounce off.
  const mustUpdate = useSession((s) => s.context.requiresUpdate) && REGISTRATION_UPDATE_REDIRECT_ENABLED
  // SPEC §2: an empty book's profile creation runs with the drawer hidden.
  const bookEmpty = useSession((s) => s.context.isBookEmpty)
  const { queryClient } = useRouteContext({ from: '/_app' })
  // The guard let us in, but logout empties the session before navigation finishes.
  if (!user) return null
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        user={user}
        brandId={brand.id}
        brandName={brand.name}
        showDrawer={showDrawer && !mustUpdate && !bookEmpty}
        onLogout={() => session.send({ type: 'session.logout' })}
      >
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  )
}
