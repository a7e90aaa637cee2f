import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { NewPasswordFields, newPasswordErrors } from '../../../ui/new-password-fields.tsx'
import { required, validateField } from '../../../ui/validation/rules.ts'
import { useUpdatePassword } from '../api/update-password.ts'

export function ChangePasswordForm({ onNewToken }: { onNewToken: (token: string) => void }) {
  const { t } = useTranslation('me')
  const mutation = useUpdatePassword(onNewToken)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [touched, setTouched] = useState(false)

  const currentError = validateField(current, [required()])

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    const errors = newPasswordErrors(next, confirmation)
    if (currentError || errors.password || errors.confirmation) return
    mutation.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('')
          setNext('')
          setConfirmation('')
          setTouched(false)
        },
      },
    )
  }

  return (
    <Card title={t('password.title')}>
      <form className="stack" onSubmit={submit} noValidate aria-label={t('password.title')}>
        <TextField
          label={t('password.current')}
          type="password"
          revealable
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={touched ? currentError : undefined}
          required
        />
        <NewPasswordFields
          password={next}
          confirmation={confirmation}
          onPasswordChange={setNext}
          onConfirmationChange={setConfirmation}
          showErrors={touched}
        />
        {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
        {mutation.isSuccess ? <Alert tone="success">{t('password.done')}</Alert> : null}
        <Button type="submit" loading={mutation.isPending}>
          {t('password.submit')}
        </Button>
      </form>
    </Card>
  )
}
