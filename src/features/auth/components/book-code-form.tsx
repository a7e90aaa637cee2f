import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bookUuidIn } from '../../../lib/local-store.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { required, validateField } from '../../../ui/validation/rules.ts'

export interface BookCodeFormProps {
  /** The code the QR screen or an earlier visit kept (`bookInfo`, D8). */
  initialUuid: string
  onSubmit: (login: { username: string; uuid: string }) => void
  /** The server's text (unknown or claimed book, limits) or an unreachable server. */
  error: string | null
  busy: boolean
}

/** SPEC §2 /login/form: book-code login (SPEC §3: username + uuid). */
export function BookCodeForm({ initialUuid, onSubmit, error, busy }: BookCodeFormProps) {
  const { t } = useTranslation('books')
  const [username, setUsername] = useState('')
  const [code, setCode] = useState(initialUuid)
  const [touched, setTouched] = useState(false)

  const codeError = (value: string) => validateField(value.trim(), [required()]) ?? (bookUuidIn(value) ? undefined : t('login.codeInvalid'))
  const usernameError = touched ? validateField(username.trim(), [required()]) : undefined
  const shownCodeError = touched ? codeError(code) : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    const uuid = bookUuidIn(code)
    if (validateField(username.trim(), [required()]) || codeError(code) || !uuid) {
      // The keyboard goes to the first field to fix.
      document.getElementById(validateField(username.trim(), [required()]) ? 'book-username' : 'book-code')?.focus()
      return
    }
    onSubmit({ username: username.trim(), uuid })
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={t('login.title')}>
      {initialUuid ? <Alert tone="info">{t('login.fromQr')}</Alert> : null}
      <TextField
        id="book-username"
        label={t('login.username')}
        hint={t('login.usernameHint')}
        persistentHint
        name="username"
        autoComplete="username"
        value={username}
        onChange={setUsername}
        error={usernameError}
        required
      />
      <TextField
        id="book-code"
        label={t('login.code')}
        hint={t('login.codeHint')}
        persistentHint
        name="uuid"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={setCode}
        error={shownCodeError}
        required
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" loading={busy} className="login-form__submit">
        {t('login.submit')}
      </Button>
    </form>
  )
}
