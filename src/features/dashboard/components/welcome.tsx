import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { Card } from '../../../ui/card.tsx'

function firstName(fullName: string | null): string | null {
  return fullName?.trim().split(/\s+/)[0] ?? null
}

/** Home greeting; the summary cards of classes, grades and finances build on it. */
export function Welcome({ user, now = new Date() }: { user: CurrentUser; now?: Date }) {
  const { t } = useTranslation('dashboard')
  const hour = now.getHours()
  const greeting = hour < 12 ? t('greeting.morning') : hour < 18 ? t('greeting.afternoon') : t('greeting.evening')
  const name = firstName(user.full_name)
  return (
    <Card>
      <div className="welcome" data-tour="dashboard-home">
        <h1 className="welcome__title">{name ? t('welcomeNamed', { greeting, name }) : t('welcome', { greeting })}</h1>
        {user.drive_user ? <p className="welcome__school">{user.drive_user.company.name}</p> : null}
        <p className="welcome__lead">{t('lead')}</p>
      </div>
    </Card>
  )
}
