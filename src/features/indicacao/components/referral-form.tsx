import '../indicacao.css'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { REGISTRATION_MAX_LENGTH } from '../../../contract/schemas/registration.ts'
import type { IndicacaoResult } from '../../../contract/schemas/club.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { cx } from '../../../ui/class-names.ts'
import { MASKS } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { TextField } from '../../../ui/text-field.tsx'
import {
  checkReferral,
  clearReferralDraft,
  isPlausibleCode,
  readReferralDraft,
  REFERRAL_FIELDS,
  referralFailure,
  sendReferral,
  writeReferralDraft,
  type ReferralErrors,
  type ReferralFailure,
  type ReferralField,
  type ReferralValues,
} from '../referral.ts'

const fieldId = (field: ReferralField) => `indicacao-${field}`

/**
 * /indicacao/{code} (issue 13, D25): the friend leaves name, phone, e-mail and consent.
 * Checked on the device with the contract's schema, then by the server; sending needs a
 * connection, and what was typed stays in this tab until the server took it.
 */
export function ReferralForm({ code, brandName }: { code: string; brandName: string }) {
  const { t } = useTranslation('indicacao')
  const online = useOnlineStatus()
  const [values, setValues] = useState(readReferralDraft)
  const [showErrors, setShowErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<ReferralErrors>({})
  const [failure, setFailure] = useState<ReferralFailure | null>(null)
  const [result, setResult] = useState<IndicacaoResult['situacao'] | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusals, setRefusals] = useState(0)
  const errors: ReferralErrors = { ...serverErrors, ...(showErrors ? (checkReferral(values, code).errors ?? {}) : {}) }

  // A refused send takes the keyboard to the first field to fix.
  useEffect(() => {
    if (refusals === 0) return
    const first = REFERRAL_FIELDS.find((field) => errors[field])
    if (first) document.getElementById(fieldId(first))?.focus()
    // Only on a new refusal, not on every keystroke after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals])

  if (result) return <ReferralDone situacao={result} />
  // A code that cannot be one is answered at once; one no student has, by the server (422).
  if (!isPlausibleCode(code) || failure?.kind === 'invalidLink') return <InvalidLink focus={failure !== null} />

  function change<K extends ReferralField>(field: K, value: ReferralValues[K]) {
    const next = { ...values, [field]: value }
    setValues(next)
    writeReferralDraft(next)
    setServerErrors(({ [field]: _fixed, ...rest }) => rest)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setShowErrors(true)
    setFailure(null)
    if (!online) return
    const { body } = checkReferral(values, code)
    if (!body) return setRefusals((n) => n + 1)
    setBusy(true)
    sendReferral(body)
      .then((answer) => {
        clearReferralDraft()
        setResult(answer.situacao)
      })
      .catch((error: unknown) => {
        const refused = referralFailure(error)
        setFailure(refused)
        if (refused.kind === 'fields') {
          setServerErrors(refused.errors)
          setRefusals((n) => n + 1)
        }
      })
      .finally(() => setBusy(false))
  }

  const text = (field: 'nome' | 'telefone' | 'email') => ({
    id: fieldId(field),
    name: field,
    label: t(`fields.${field}`),
    value: values[field],
    onChange: (value: string) => change(field, value),
    error: errors[field],
    required: true,
    readOnly: busy,
  })

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={t('formTitle')}>
      <TextField {...text('nome')} autoComplete="name" maxLength={REGISTRATION_MAX_LENGTH.full_name} />
      <TextField {...text('telefone')} type="tel" mask={MASKS.phone} autoComplete="tel-national" hint={t('hints.telefone')} />
      <TextField
        {...text('email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={REGISTRATION_MAX_LENGTH.email}
      />
      <ConsentBox
        label={t('fields.consentimento', { brand: brandName })}
        checked={values.consentimento}
        onChange={(checked) => change('consentimento', checked)}
        error={errors.consentimento}
        disabled={busy}
      />
      <p className="indicacao-privacy">{t('privacy')}</p>
      {failure?.kind === 'unreachable' ? <Alert tone="warning">{t('draftKept')}</Alert> : null}
      {failure?.kind === 'tooMany' ? (
        <Alert tone="error" title={t('tooMany')}>
          {failure.message}
        </Alert>
      ) : null}
      {failure?.kind === 'error' ? <Alert tone="error">{failure.message}</Alert> : null}
      <Button type="submit" loading={busy} disabled={!online} className="login-form__submit">
        {t('submit')}
      </Button>
    </form>
  )
}

/** The consent (D25, LGPD): a native checkbox, its label, and SPEC §5's message under it. */
function ConsentBox({
  label,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  error: string | undefined
  disabled: boolean
}) {
  const errorId = useId()
  return (
    <div className={cx('indicacao-consent', error && 'indicacao-consent--invalid')}>
      <label className="indicacao-consent__label">
        <input
          id={fieldId('consentimento')}
          name="consentimento"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The answer to a send, its heading focused so a screen reader reads it at once. */
function Outcome({ tone, title, body, focus = true }: { tone: 'success' | 'error'; title: string; body: string; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focus) heading.current?.focus()
  }, [focus])
  return (
    <div className={`ui-alert ui-alert--${tone} indicacao-outcome`} data-testid="indicacao-outcome">
      <h2 ref={heading} tabIndex={-1} className="ui-alert__title">
        {title}
      </h2>
      <div className="ui-alert__body">
        <p>{body}</p>
      </div>
    </div>
  )
}

function ReferralDone({ situacao }: { situacao: IndicacaoResult['situacao'] }) {
  const { t } = useTranslation('indicacao')
  const key = situacao === 'registrada' ? 'registered' : 'duplicate'
  return <Outcome tone="success" title={t(`${key}.title`)} body={t(`${key}.body`)} />
}

/** A code no student has (the server's 422 on `codigo`) or one that cannot be a code at all. */
function InvalidLink({ focus }: { focus: boolean }) {
  const { t } = useTranslation('indicacao')
  return <Outcome tone="error" title={t('invalidLink.title')} body={t('invalidLink.body')} focus={focus} />
}
