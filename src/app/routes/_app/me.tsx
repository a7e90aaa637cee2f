import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangePasswordForm } from '../../../features/me/components/change-password-form.tsx'
import { EmailVerificationCard } from '../../../features/me/components/email-verification-card.tsx'
import { MyBooks } from '../../../features/me/components/my-books.tsx'
import { Profile } from '../../../features/me/components/profile.tsx'
import { DeviceNotificationsSkeleton } from '../../../features/push/components/device-notifications-skeleton.tsx'
import { loadPushTexts } from '../../../features/push/texts.ts'
import { ConnectedDevicesSkeleton } from '../../../features/sessions/components/connected-devices-skeleton.tsx'
import { loadSessionTexts } from '../../../features/sessions/texts.ts'
import { useSlow } from '../../../db/use-offline-data.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { usePullToRefresh } from '../../../ui/pull-to-refresh-screen.ts'
import { SyncStatus } from '../../../ui/sync-status.tsx'
import { useCurrentUser, useSession, useSessionActor } from '../../session.tsx'

// "Notificações neste aparelho" (issue 11) sits below the rest: it loads after the screen.
const DeviceNotificationsCard = lazy(async () => {
  const [{ DeviceNotificationsCard }] = await Promise.all([
    import('../../../features/push/components/device-notifications-card.tsx'),
    loadPushTexts(),
  ])
  return { default: DeviceNotificationsCard }
})

// "Aparelhos conectados" (issue 36 item 3): the same way, after the screen.
const ConnectedDevicesCard = lazy(async () => {
  const [{ ConnectedDevicesCard }] = await Promise.all([
    import('../../../features/sessions/components/connected-devices-card.tsx'),
    loadSessionTexts(),
  ])
  return { default: ConnectedDevicesCard }
})

export const Route = createFileRoute('/_app/me')({
  component: MePage,
})

function MePage() {
  const { t } = useTranslation('me')
  const user = useCurrentUser()
  const session = useSessionActor()
  // When the kept user was last confirmed by the server: the "Atualizado em" of this screen (issue 7).
  const updatedAt = useSession((s) => s.context.userUpdatedAt)
  const isSyncing = useSession((s) => s.matches({ loggedIn: 'reloading' }))
  const isSlow = useSlow(isSyncing)
  const online = useOnlineStatus()
  const refresh = () => session.send({ type: 'session.reloadUser' })
  usePullToRefresh(refresh)
  // Show what we have at once and refresh it behind (the registration may have changed).
  useEffect(() => session.send({ type: 'session.reloadUser' }), [session])
  return (
    <div className="page stack">
      <h1 className="page__title">{t('title')}</h1>
      <SyncStatus
        updatedAt={updatedAt ?? undefined}
        isSyncing={isSyncing}
        isSlow={isSlow}
        syncError={null}
        isPaused={false}
        onRefresh={refresh}
      />
      <Profile user={user} onSaved={(saved) => session.send({ type: 'session.userUpdated', user: saved })} />
      <EmailVerificationCard user={user} />
      <MyBooks role={user.role} />
      <Suspense fallback={<DeviceNotificationsSkeleton online={online} />}>
        <DeviceNotificationsCard userId={user.id} online={online} />
      </Suspense>
      <ChangePasswordForm onNewToken={(token) => session.send({ type: 'session.tokenRefreshed', token })} />
      {/* Below the password form: its list is as long as the devices signed in, and the form
          the student may be about to use must not move when it arrives. */}
      <Suspense fallback={<ConnectedDevicesSkeleton />}>
        <ConnectedDevicesCard online={online} />
      </Suspense>
    </div>
  )
}
