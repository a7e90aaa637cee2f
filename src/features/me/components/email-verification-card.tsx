import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { useSendEmailVerification } from '../api/send-email-verification.ts'

/**
 * Whether the account's e-mail is confirmed (SPEC §4), and the button that sends the link
 * when it is not. The link completes on whichever device opens it.
 */
export function EmailVerificationCard({ user }: { user: Pick<CurrentUser, 'email' | 'email_verified'> }) {
  const { t } = useTranslation('me')
  const mutation = useSendEmailVerification()
  const { email } = user
  return (
    <Card title={t('emailVerification.title')}>
      <div className="stack">
        {!email ? (
          <p>{t('emailVerification.noEmail')}</p>
        ) : user.email_verified ? (
          <p>{t('emailVerification.verified', { email })}</p>
        ) : (
          <>
            <p>{t('emailVerification.unverified', { email })}</p>
            {mutation.isSuccess ? <Alert tone="success">{mutation.data.detail}</Alert> : null}
            {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
            <Button type="button" variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate(email)}>
              {mutation.isSuccess ? t('emailVerification.sendAgain') : t('emailVerification.send')}
            </Button>
          </>
        )}
      </div>
    </Card>
  )
}
