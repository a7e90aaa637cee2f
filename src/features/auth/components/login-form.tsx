import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { validateField, required } from '../../../ui/validation/rules.ts'

export interface LoginFormProps {
  onSubmit: (credentials: { username: string; password: string }) => void
  /** Text of SPEC §8 to show (wrong password, unreachable server, …). */
  error: string | null
  busy: boolean
}

/** E-mail or CPF and password (SPEC §2 /login/main). */
export function LoginForm({ onSubmit, error, busy }: LoginFormProps) {
  const { t } = useTranslation('auth')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)

  const usernameError = touched ? validateField(username.trim(), [required()]) : undefined
  const passwordError = touched ? validateField(password, [required()]) : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validateField(username.trim(), [required()]) || validateField(password, [required()])) return
    onSubmit({ username: username.trim(), password })
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={t('form.title')}>
      <TextField
        label={t('form.username')}
        hint={t('form.usernameHint')}
        persistentHint
        name="username"
        autoComplete="username"
        value={username}
        onChange={setUsername}
        error={usernameError}
        required
      />
      <TextField
        label={t('form.password')}
        name="password"
        type="password"
        revealable
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={passwordError}
        required
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" loading={busy} className="login-form__submit">
        {t('form.submit')}
      </Button>
    </form>
  )
}
