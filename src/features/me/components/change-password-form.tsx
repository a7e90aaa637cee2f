import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { minLength, required, validateField } from '../../../ui/validation/rules.ts'
import { useUpdatePassword } from '../api/update-password.ts'

const MIN_PASSWORD_LENGTH = 8

export function ChangePasswordForm({ onNewToken }: { onNewToken: (token: string) => void }) {
  const { t } = useTranslation('me')
  const mutation = useUpdatePassword(onNewToken)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [touched, setTouched] = useState(false)

  const errors = {
    current: validateField(current, [required()]),
    next: validateField(next, [required(), minLength(MIN_PASSWORD_LENGTH)]),
    confirmation: validateField(confirmation, [required()]) ?? (confirmation !== next ? t('password.mismatch') : undefined),
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (errors.current || errors.next || errors.confirmation) return
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
          error={touched ? errors.current : undefined}
        />
        <TextField
          label={t('password.new')}
          hint={t('password.newHint', { count: MIN_PASSWORD_LENGTH })}
          persistentHint
          type="password"
          revealable
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          error={touched ? errors.next : undefined}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          revealable
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          error={touched ? errors.confirmation : undefined}
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
