import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { getStoredItem } from '../../../lib/local-store.ts'
import { AccountChooser } from '../../../features/auth/components/account-chooser.tsx'
import { LoginForm } from '../../../features/auth/components/login-form.tsx'
import { Alert } from '../../../ui/alert.tsx'
import { useSession, useSessionActor } from '../../session.tsx'
import { LoginCard } from './login-card.tsx'

export function LoginScreen() {
  const { t } = useTranslation('auth')
  const session = useSessionActor()
  const choosing = useSession((s) => s.matches('choosingAccount'))
  const busy = useSession((s) => s.hasTag('busy'))
  // Issue 7: a refused token brings the student here with the reason; a session ended on the server says so.
  const expired = useSession((s) => s.context.sessionExpired)
  const ended = useSession((s) => s.context.sessionEnded)
  const error = useSession((s) => s.context.logInError) ?? (expired ? t(ended ? 'sessionEnded' : 'sessionExpired') : null)
  const accounts = useSession((s) => s.context.usersToLogin)

  return (
    <LoginCard title={t('screen.title')} subtitle={t('screen.subtitle')} offline={t('offline')}>
      {/* A confirmation link opened before login (SPEC §4): it completes after login. */}
      {getStoredItem('emailVerificationToken') && !choosing ? <Alert tone="info">{t('verifyEmailAfterLogin')}</Alert> : null}
      {choosing ? (
        <AccountChooser
          accounts={accounts}
          busy={busy}
          error={error}
          onChoose={(userId) => session.send({ type: 'session.chooseAccount', userId })}
          onCancel={() => session.send({ type: 'session.cancelChoice' })}
        />
      ) : (
        <>
          <LoginForm busy={busy} error={error} onSubmit={(credentials) => session.send({ type: 'session.login', ...credentials })} />
          <p className="login-card__aside">
            <Link to="/login/recover-password">{t('form.forgotPassword')}</Link>
          </p>
          <p className="login-card__aside">
            <Link to="/login/form">{t('form.withBook')}</Link>
          </p>
          <p className="login-card__aside">
            <Link to="/login/qr-code">{t('form.qrCode')}</Link>
          </p>
        </>
      )}
    </LoginCard>
  )
}
