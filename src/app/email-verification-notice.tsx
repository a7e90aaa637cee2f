import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { emailVerificationOutcome } from './email-verification.ts'

/** How the confirmation of a link went (SPEC §4: after it, the user lands on the dashboard). */
export function EmailVerificationNotice() {
  const { t } = useTranslation()
  const outcome = useSyncExternalStore(emailVerificationOutcome.subscribe, emailVerificationOutcome.get, () => null)
  if (!outcome) return null
  return (
    <Alert tone={outcome.verified ? 'success' : 'error'} className="email-verification-notice">
      <span>{outcome.verified ? t('emailVerification.verified') : outcome.message}</span>{' '}
      <Button type="button" variant="text" onClick={emailVerificationOutcome.dismiss}>
        {t('emailVerification.dismiss')}
      </Button>
    </Alert>
  )
}
