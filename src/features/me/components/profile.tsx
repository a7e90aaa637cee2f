import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../api/schemas/user.ts'
import { Card } from '../../../ui/card.tsx'
import { formatCep, formatCpf, formatPhone } from '../format.ts'

/** /me: the logged-in user's registration, read-only (updates live in /profile-update). */
export function Profile({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('me')
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
  return (
    <Card title={t('profileTitle')}>
      <dl className="profile-list">
        {rows.map(([label, value]) => (
          <div className="profile-list__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
