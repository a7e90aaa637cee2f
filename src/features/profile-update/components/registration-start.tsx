import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { REGISTRATION_UPDATE_MONTHS, registrationUpdateReason } from '../../../contract/registration-due.ts'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { formatDate, localIsoDate } from '../../../ui/format.ts'
import { readRegistrationDraft } from '../api/registration-draft.ts'
import '../profile-update.css'

export interface RegistrationStartProps {
  user: CurrentUser
  /** Where the student was going, carried to the form and back after saving. */
  redirect?: string | undefined
  onLogout: () => void
}

/** /profile-update/start: why the registration must be confirmed now, and the way in. */
export function RegistrationStart({ user, redirect, onLogout }: RegistrationStartProps) {
  const { t } = useTranslation('me')
  const reason = registrationUpdateReason(user) ?? 'neverUpdated'
  const hasDraft = readRegistrationDraft(user.id) !== null
  return (
    <div className="page stack registration">
      <h1 className="page__title">{t('registration.title')}</h1>
      <Card>
        <div className="stack">
          <p className="registration__lead">
            {reason === 'expired' && user.updated_at
              ? t('registration.start.expired', {
                  date: formatDate(localIsoDate(new Date(user.updated_at))),
                  count: REGISTRATION_UPDATE_MONTHS,
                })
              : t(`registration.start.${reason}`)}
          </p>
          <p>{t('registration.start.howLong')}</p>
          {hasDraft ? <Alert tone="info">{t('registration.start.draft')}</Alert> : null}
          <div className="registration__actions">
            <Button asChild>
              <Link to="/profile-update/form" search={redirect ? { redirect } : {}}>
                {hasDraft ? t('registration.start.continue') : t('registration.start.begin')}
              </Link>
            </Button>
            <Button variant="text" type="button" onClick={onLogout}>
              {t('registration.start.logout')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  )
}
