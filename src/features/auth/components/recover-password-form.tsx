import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { MASKS } from '../../../ui/mask.ts'
import { TextField } from '../../../ui/text-field.tsx'
import { cpf, email, required, validateField } from '../../../ui/validation/rules.ts'
import { useRecoverPassword } from '../api/recover-password.ts'

type Method = 'email' | 'accessCode'

/**
 * /login/recover-password (SPEC §2): the e-mail, or the access code (the CPF), to send
 * a reset link to. The answer is the same whether or not an account exists, so the
 * screen repeats it as it comes.
 */
export function RecoverPasswordForm() {
  const { t } = useTranslation('recovery')
  const mutation = useRecoverPassword()
  const [method, setMethod] = useState<Method>('email')
  const [value, setValue] = useState('')
  const [touched, setTouched] = useState(false)

  const rules = method === 'email' ? [required(), email()] : [required(), cpf()]
  const error = validateField(value.trim(), rules)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (error) return
    mutation.mutate({ email: method === 'email' ? value.trim() : value.replace(/\D/g, ''), isAccessCode: method === 'accessCode' })
  }

  function choose(next: Method) {
    setMethod(next)
    setValue('')
    setTouched(false)
    mutation.reset()
  }

  if (mutation.isSuccess) {
    return (
      <div className="login-form">
        <Alert tone="success" title={t('recover.sentTitle')}>
          {mutation.data.detail}
        </Alert>
        <Button asChild variant="secondary" block>
          <Link to="/login/main">{t('recover.backToLogin')}</Link>
        </Button>
      </div>
    )
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={t('recover.formTitle')}>
      <ChoiceGroup
        legend={t('recover.method')}
        options={[
          { value: 'email', label: t('recover.byEmail') },
          { value: 'accessCode', label: t('recover.byAccessCode') },
        ]}
        value={method}
        onChange={choose}
      />
      {/* A new field per method: the value, its mask and its error start afresh. */}
      <TextField
        key={method}
        required
        persistentHint
        value={value}
        onChange={setValue}
        error={touched ? error : undefined}
        {...(method === 'email'
          ? { label: t('recover.email'), hint: t('recover.emailHint'), name: 'email', type: 'email', autoComplete: 'email' }
          : {
              label: t('recover.accessCode'),
              hint: t('recover.accessCodeHint'),
              name: 'cpf',
              inputMode: 'numeric' as const,
              autoComplete: 'off',
              mask: MASKS.cpf,
            })}
      />
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <Button type="submit" loading={mutation.isPending} className="login-form__submit">
        {t('recover.submit')}
      </Button>
      <p className="login-card__aside">
        <Link to="/login/main">{t('recover.backToLogin')}</Link>
      </p>
    </form>
  )
}
