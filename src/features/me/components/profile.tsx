import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { formatCep, formatCpf, formatPhone } from '../format.ts'
import { ProfileForm } from './profile-form.tsx'

export interface ProfileProps {
  user: CurrentUser
  /** The server saved the profile: the session takes this user. */
  onSaved: (user: CurrentUser) => void
}

/** /me: the logged-in user's registration, and "Editar dados" for the contact details. */
export function Profile({ user, onSaved }: ProfileProps) {
  const { t } = useTranslation('me')
  const [editing, setEditing] = useState(false)
  const [savedEmailChanged, setSavedEmailChanged] = useState<boolean | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const empty = t('notInformed')
  const address = [user.street, user.street_number].filter(Boolean).join(', ')
  const rows: Array<[string, string]> = [
    [t('fields.full_name'), user.full_name ?? empty],
    [t('fields.email'), user.email ?? empty],
    [t('fields.cpf'), user.cpf ? formatCpf(user.cpf) : empty],
    [t('fields.phone'), user.phone ? formatPhone(user.phone) : empty],
    [t('fields.address'), address || empty],
    [t('fields.cep'), user.cep ? formatCep(user.cep) : empty],
    [t('fields.school'), user.drive_user?.company.name ?? empty],
  ]

  function leaveForm() {
    setEditing(false)
    // Back on the button that opened the form once it is drawn again.
    requestAnimationFrame(() => editButton.current?.focus())
  }

  return (
    <Card
      title={t('profileTitle')}
      actions={
        editing ? null : (
          <Button
            ref={editButton}
            variant="secondary"
            type="button"
            onClick={() => {
              setSavedEmailChanged(null)
              setEditing(true)
            }}
          >
            {t('profileEdit.open')}
          </Button>
        )
      }
    >
      {editing ? (
        <ProfileForm
          user={user}
          onCancel={leaveForm}
          onSaved={(saved) => {
            setSavedEmailChanged(saved.email !== user.email)
            onSaved(saved)
            leaveForm()
          }}
        />
      ) : (
        <>
          {savedEmailChanged === null ? null : (
            <Alert tone="success">{t(savedEmailChanged ? 'profileEdit.savedNewEmail' : 'profileEdit.saved')}</Alert>
          )}
          <dl className="profile-list">
            {rows.map(([label, value]) => (
              <div className="profile-list__row" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="profile-note">{t('profileEdit.identityNote')}</p>
        </>
      )}
    </Card>
  )
}
