import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { TextField } from './text-field.tsx'
import { minLength, required, validateField } from './validation/rules.ts'

/** A new password has 8–128 characters, the server's rule too. */
export const MIN_PASSWORD_LENGTH = 8

export interface NewPasswordErrors {
  password: string | undefined
  confirmation: string | undefined
}

/** What stops a new password from being sent: too short, or typed differently the second time. */
export function newPasswordErrors(password: string, confirmation: string): NewPasswordErrors {
  return {
    password: validateField(password, [required(), minLength(MIN_PASSWORD_LENGTH)]),
    confirmation:
      validateField(confirmation, [required()]) ??
      (confirmation !== password ? i18next.t('newPassword.mismatch', { ns: 'ui' }) : undefined),
  }
}

export interface NewPasswordFieldsProps {
  password: string
  confirmation: string
  onPasswordChange: (value: string) => void
  onConfirmationChange: (value: string) => void
  /** Show the errors (after the first submit). */
  showErrors: boolean
}

/** The new password and its confirmation (a password change, a reset): the same fields and rules everywhere. */
export function NewPasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, showErrors }: NewPasswordFieldsProps) {
  const { t } = useTranslation('ui')
  const errors = newPasswordErrors(password, confirmation)
  return (
    <>
      <TextField
        label={t('newPassword.new')}
        hint={t('newPassword.hint', { count: MIN_PASSWORD_LENGTH })}
        persistentHint
        name="new-password"
        type="password"
        revealable
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        error={showErrors ? errors.password : undefined}
        required
      />
      <TextField
        label={t('newPassword.confirm')}
        name="confirm-password"
        type="password"
        revealable
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmationChange}
        error={showErrors ? errors.confirmation : undefined}
        required
      />
    </>
  )
}
