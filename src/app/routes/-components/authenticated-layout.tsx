import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet, useRouteContext, useRouterState } from '@tanstack/react-router'
import { Suspense, useCallback } from 'react'
import { getStoredItem, getStoredToken } from '../../../lib/local-store.ts'
import { AfterFirstScreen } from '../../../ui/after-first-screen.tsx'
import { Alert } from '../../../ui/alert.tsx'
import { useBrand } from '../../brand-context.tsx'
import { REGISTRATION_UPDATE_REDIRECT_ENABLED } from '../../guards.ts'
import { AppShell } from '../../layout/app-shell.tsx'
import { lazyWhenOnline } from '../../pwa/load-when-online.ts'
import { useSession, useSessionActor } from '../../session.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useTranslation } from 'react-i18next'

// Each of these waits for the connection if its code cannot load (pwa/load-when-online.ts).
// None is needed to draw a screen: they load once the first one is committed and the browser
// is idle (AfterFirstScreen), so their dozen requests never queue before its largest paint
// on a phone's slow connection (issue 37). The guided tours' trigger loads then too, and the
// tour itself (its machine and driver.js) only when one is due.
const GuidedTour = lazyWhenOnline(() => import('../../tour/guided-tour.tsx'), 'GuidedTour')
// Pull to refresh (issue 40 item 11): no finger pulls before the first screen is drawn.
const PullToRefresh = lazyWhenOnline(() => import('../../../ui/pull-to-refresh.tsx'), 'default')
// D16: the outbox's sender runs while the app is open, from just after the first screen.
const OutboxRunner = lazyWhenOnline(() => import('../../outbox-runner.tsx'), 'OutboxRunner')

export function AuthenticatedLayout() {
  const brand = useBrand()
  const { t } = useTranslation('common')
  const session = useSessionActor()
  const user = useSession((s) => s.context.currentUser)
  const showDrawer = useSession((s) => s.context.showDrawer)
  // Every other screen sends back to /profile-update until it is saved: no menu to bounce off.
  const mustUpdate = useSession((s) => s.context.requiresUpdate) && REGISTRATION_UPDATE_REDIRECT_ENABLED
  // SPEC §2: an empty book's profile creation runs with the drawer hidden.
  const bookEmpty = useSession((s) => s.context.isBookEmpty)
  const { queryClient } = useRouteContext({ from: '/_app' })
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // Why this screen opened instead of the one asked for (a student on /manager-panel).
  const notice = useRouterState({ select: (state) => state.location.state.notice })
  const online = useOnlineStatus()
  const userConfirmed = !useSession((s) => s.context.userFromDevice)
  const userId = user?.id
  // Stable while the account is: the drawer's list is memoised (layout/drawer-nav.tsx).
  const logout = useCallback(() => {
    if (userId === undefined) return
    void import('../../outbox-runner.tsx')
      .then(({ confirmLogout }) => confirmLogout(userId, (count) => t('logoutPending', { count })))
      .then((leave) => {
        if (!leave) return
        // Read before the logout wipes them: this device stops receiving the account's notifications.
        const token = getStoredToken()
        const pushAuth = getStoredItem('pushSubscriptionAuth')
        const pushForgotten = token
          ? import('../../../features/push/device.ts').then(({ forgetPushOnLogout }) => forgetPushOnLogout(token, pushAuth))
          : undefined
        // The server ends the session once the notifications are forgotten with its token.
        session.send({ type: 'session.logout', after: pushForgotten })
      })
  }, [userId, t, session])
  // The guard let us in, but logout empties the session before navigation finishes.
  if (!user) return null
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        user={user}
        brandId={brand.id}
        brandName={brand.name}
        showDrawer={showDrawer && !mustUpdate && !bookEmpty}
        onLogout={logout}
      >
        {notice ? (
          <div className="page">
            <Alert tone="warning">{notice}</Alert>
          </div>
        ) : null}
        <Outlet />
      </AppShell>
      <AfterFirstScreen>
        {/* Every screen's pull-to-refresh (issue 40 item 11): its own refresh, else every query it shows again. */}
        <Suspense fallback={null}>
          <PullToRefresh fallback={() => queryClient.refetchQueries({ type: 'active' })} online={online} />
        </Suspense>
        <Suspense fallback={null}>
          <OutboxRunner userId={user.id} />
        </Suspense>
        <Suspense fallback={null}>
          <GuidedTour
            user={user}
            pathname={pathname}
            online={online}
            userConfirmed={userConfirmed}
            showsNavigation={showDrawer && !mustUpdate}
            onUserUpdated={(updated) => session.send({ type: 'session.userUpdated', user: updated })}
          />
        </Suspense>
      </AfterFirstScreen>
    </QueryClientProvider>
  )
}
