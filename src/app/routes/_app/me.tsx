import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangePasswordForm } from '../../../features/me/components/change-password-form.tsx'
import { Profile } from '../../../features/me/components/profile.tsx'
import { useCurrentUser, useSessionActor } from '../../session.tsx'

export const Route = createFileRoute('/_app/me')({
  component: MePage,
})

function MePage() {
  const { t } = useTranslation('me')
  const user = useCurrentUser()
  const session = useSessionActor()
  // Show what we have at once and refresh it behind (the registration may have changed).
  useEffect(() => session.send({ type: 'session.reloadUser' }), [session])
  return (
    <div className="page stack">
      <h1 className="page__title">{t('title')}</h1>
      <Profile user={user} />
      <ChangePasswordForm onNewToken={(token) => session.send({ type: 'session.tokenRefreshed', token })} />
    </div>
  )
}
