import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { NewPasswordFields, newPasswordErrors } from '../../../ui/new-password-fields.tsx'
import { useResetPassword } from '../api/reset-password.ts'

export interface ResetPasswordFormProps {
  /** The token of the e-mail's link (`?token=`, SPEC §3). */
  token: string
  /** After success: on to the login with the new password. */
  onDone: () => void
}

/**
 * The page the reset link opens (SPEC §3): the new password twice. A used or expired link
 * gets SPEC §8's "Erro ao resetar senha" and the way to ask for a new one.
 */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation('recovery')
  const mutation = useResetPassword()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [touched, setTouched] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    const errors = newPasswordErrors(password, confirmation)
    if (errors.password || errors.confirmation) return
    mutation.mutate({ token, newPassword: password })
  }

  if (mutation.isSuccess) {
    return (
      <div className="login-form">
        <Alert tone="success">{mutation.data.detail}</Alert>
        <Button type="button" block onClick={onDone}>
          {t('reset.login')}
        </Button>
      </div>
    )
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={t('reset.formTitle')}>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        showErrors={touched}
      />
      {mutation.isError ? (
        <Alert tone="error">
          {mutation.error.message}{' '}
          <Link to="/login/recover-password" search={{}}>
            {t('reset.requestAgain')}
          </Link>
        </Alert>
      ) : null}
      <Button type="submit" loading={mutation.isPending} className="login-form__submit">
        {t('reset.submit')}
      </Button>
    </form>
  )
}
