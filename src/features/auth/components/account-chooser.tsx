import { useTranslation } from 'react-i18next'
import type { AccountChoice } from '../../../contract/schemas/auth.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'

export interface AccountChooserProps {
  accounts: AccountChoice[]
  onChoose: (userId: number) => void
  onCancel: () => void
  error: string | null
  busy: boolean
}

/** Several accounts share the identifier (a parent with two children by CPF, D9). */
export function AccountChooser({ accounts, onChoose, onCancel, error, busy }: AccountChooserProps) {
  const { t } = useTranslation('auth')
  return (
    <section className="account-chooser" aria-labelledby="account-chooser-title" aria-busy={busy}>
      <h2 id="account-chooser-title">{t('chooser.title')}</h2>
      <p className="account-chooser__hint">{t('chooser.hint')}</p>
      <ul className="account-chooser__list">
        {accounts.map((account) => (
          <li key={account.id}>
            <button type="button" className="account-chooser__account" disabled={busy} onClick={() => onChoose(account.id)}>
              <span className="account-chooser__avatar" aria-hidden="true">
                {(account.full_name ?? '?').trim().charAt(0).toUpperCase()}
              </span>
              <span className="account-chooser__name">{account.full_name ?? t('chooser.unnamed', { id: account.id })}</span>
              {account.company_name ? <span className="account-chooser__school">{account.company_name}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="text" onClick={onCancel} disabled={busy}>
        {t('chooser.back')}
      </Button>
    </section>
  )
}
