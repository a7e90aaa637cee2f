import { useTranslation } from 'react-i18next'
import { AccountChooser } from '../../../features/auth/components/account-chooser.tsx'
import { LoginForm } from '../../../features/auth/components/login-form.tsx'
import { Alert } from '../../../ui/alert.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useBrand } from '../../brand-context.tsx'
import { useFocusHeadingOnNavigation } from '../../layout/route-focus.ts'
import { useSession, useSessionActor } from '../../session.tsx'

export function LoginScreen() {
  const { t } = useTranslation('auth')
  const brand = useBrand()
  const session = useSessionActor()
  const choosing = useSession((s) => s.matches('choosingAccount'))
  const busy = useSession((s) => s.hasTag('busy'))
  // Issue 7: a refused token brings the student here with the reason.
  const expired = useSession((s) => s.context.sessionExpired)
  const error = useSession((s) => s.context.logInError) ?? (expired ? t('sessionExpired') : null)
  const accounts = useSession((s) => s.context.usersToLogin)
  const online = useOnlineStatus()
  // After logout (or any move to this screen) focus lands on its heading, not on <body>.
  useFocusHeadingOnNavigation()

  return (
    <div className="login-page">
      <main className="login-card" id="main">
        <header className="login-card__header">
          <img className="login-card__logo" src={brand.favicon} alt="" width="56" height="56" />
          <p className="login-card__brand">{brand.name}</p>
          <h1 className="login-card__title">{t('screen.title')}</h1>
          <p className="login-card__subtitle">{t('screen.subtitle')}</p>
        </header>
        {online ? null : <Alert tone="warning">{t('offline')}</Alert>}
        {choosing ? (
          <AccountChooser
            accounts={accounts}
            busy={busy}
            error={error}
            onChoose={(userId) => session.send({ type: 'session.chooseAccount', userId })}
            onCancel={() => session.send({ type: 'session.cancelChoice' })}
          />
        ) : (
          <LoginForm busy={busy} error={error} onSubmit={(credentials) => session.send({ type: 'session.login', ...credentials })} />
        )}
      </main>
    </div>
  )
}
