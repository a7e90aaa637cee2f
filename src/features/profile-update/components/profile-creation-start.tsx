import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import '../profile-update.css'

export interface ProfileCreationStartProps {
  /** The empty book the person started with (`bookInfo`, D8), when still on the device. */
  bookUuid: string | null
  onLogout: () => void
}

/** SPEC §2 /profile-creation/new-user: the start card for an empty book. */
export function ProfileCreationStart({ bookUuid, onLogout }: ProfileCreationStartProps) {
  const { t } = useTranslation('books')
  return (
    <div className="page stack registration">
      <h1 className="page__title">{t('creation.title')}</h1>
      <Card>
        <div className="stack">
          <p className="registration__lead">{t('creation.lead')}</p>
          {bookUuid ? <p>{t('creation.book', { uuid: bookUuid })}</p> : null}
          <p>{t('creation.howLong')}</p>
          <div className="registration__actions">
            <Button asChild>
              <Link to="/profile-creation/form">{t('creation.begin')}</Link>
            </Button>
            <Button variant="text" type="button" onClick={onLogout}>
              {t('creation.logout')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  )
}
