import { useMachine } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fromPromise } from 'xstate'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { REGISTRATION_MAX_LENGTH } from '../../../contract/schemas/registration.ts'
import {
  isMinorValue,
  REGISTRATION_FIELDS,
  registrationUpdateMachine,
  visibleErrors,
  type CepState,
  type RegistrationField,
} from '../../../machines/registration-update.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { MASKS } from '../../../ui/mask.ts'
import { TextField, type TextFieldProps } from '../../../ui/text-field.tsx'
import { clearRegistrationDraft, readRegistrationDraft, writeRegistrationDraft } from '../api/registration-draft.ts'
import { updateRegistration } from '../api/update-registration.ts'
import '../profile-update.css'

const fieldId = (field: RegistrationField) => `registration-${field}`
const CEP_STATUS_ID = 'registration-cep-status'

/** Per field: the input's type, mask, autofill token and limits (the server's). */
const FIELD_PROPS: Record<RegistrationField, Partial<TextFieldProps>> = {
  full_name: { autoComplete: 'name', maxLength: REGISTRATION_MAX_LENGTH.full_name },
  email: { type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false, maxLength: REGISTRATION_MAX_LENGTH.email },
  phone: { type: 'tel', mask: MASKS.phone, autoComplete: 'tel-national' },
  cpf: { mask: MASKS.cpf, autoComplete: 'off' },
  birth_date: { mask: MASKS.date, autoComplete: 'bday' },
  cep: { mask: MASKS.cep, autoComplete: 'postal-code', 'aria-describedby': CEP_STATUS_ID },
  street: { autoComplete: 'address-line1', maxLength: REGISTRATION_MAX_LENGTH.street },
  street_number: { autoComplete: 'address-line2', maxLength: REGISTRATION_MAX_LENGTH.street_number },
  guardian_name: { autoComplete: 'off', maxLength: REGISTRATION_MAX_LENGTH.guardian_name },
  guardian_cpf: { mask: MASKS.cpf, autoComplete: 'off' },
}

const HINTED = new Set<RegistrationField>(['phone', 'birth_date', 'cep', 'street_number'])

function placeOf(cep: Extract<CepState, { status: 'found' }>): string {
  const city = `${cep.city}/${cep.state}`
  return cep.district ? `${cep.district}, ${city}` : city
}

export interface RegistrationFormProps {
  user: CurrentUser
  /** The server saved the update: the session takes this user, the app goes on. */
  onSaved: (user: CurrentUser) => void
  onLogout: () => void
  /** The profile creation of an empty book (SPEC §2) uses the same form under its own heading. */
  title?: string
  intro?: string
}

/**
 * /profile-update/form (issue 9 journey 5): the registration-update machine drives it; the
 * postal-code lookup, the save and the draft on the device are this feature's.
 */
export function RegistrationForm({ user, onSaved, onLogout, title, intro }: RegistrationFormProps) {
  const { t } = useTranslation('me')
  const latestOnSaved = useRef(onSaved)
  useLayoutEffect(() => {
    latestOnSaved.current = onSaved
  })
  const [machine] = useState(() =>
    registrationUpdateMachine.provide({
      actors: {
        lookupCep: fromPromise(async ({ input, signal }) => {
          // Loaded with the first lookup, not with the form's first paint (src/lib/cep-lookup.ts is shared with the order screen).
          const { cepServiceUrl, lookupCep } = await import('../../../lib/cep-lookup.ts')
          const baseUrl = await cepServiceUrl()
          return baseUrl ? lookupCep(input.cep, { baseUrl, signal }) : { status: 'unavailable' as const }
        }),
        save: fromPromise(({ input }) => updateRegistration(input)),
      },
      actions: {
        persistDraft: ({ context }) => writeRegistrationDraft(context.userId, context.values),
        clearDraft: () => clearRegistrationDraft(),
        saved: (_, { user: saved }) => latestOnSaved.current(saved),
      },
    }),
  )
  // Read once: the machine takes its input when it starts, not on every keystroke.
  const [input] = useState(() => ({ user, draft: readRegistrationDraft(user.id) }))
  const [snapshot, send] = useMachine(machine, { input })
  const { context } = snapshot
  const errors = visibleErrors(context)
  const saving = snapshot.matches('saving') || snapshot.matches('saved')
  const minor = isMinorValue(context.values, context.today)

  // A refused submit (rules or the server's answer) takes the keyboard to the first field to fix.
  useEffect(() => {
    if (context.refusedSubmits === 0) return
    const first = REGISTRATION_FIELDS.find((field) => errors[field])
    if (first) document.getElementById(fieldId(first))?.focus()
    // Only on a new refusal, not on every keystroke after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.refusedSubmits])

  function field(name: RegistrationField) {
    return (
      <TextField
        {...FIELD_PROPS[name]}
        id={fieldId(name)}
        name={name}
        label={t(`registration.form.fields.${name}`)}
        hint={HINTED.has(name) ? t(`registration.form.hints.${name as 'phone' | 'birth_date' | 'cep' | 'street_number'}`) : undefined}
        value={context.values[name]}
        onChange={(value) => send({ type: 'registration.change', field: name, value })}
        error={errors[name]}
        required
        readOnly={saving}
      />
    )
  }

  function cepStatus(): { text: string; warning: boolean } | null {
    const { cep } = context
    switch (cep.status) {
      case 'idle':
        return null
      case 'looking':
        return { text: t(cep.slow ? 'registration.form.cep.slow' : 'registration.form.cep.looking'), warning: cep.slow }
      case 'found':
        return {
          text: t(cep.streetFilled ? 'registration.form.cep.found' : 'registration.form.cep.foundNoStreet', { place: placeOf(cep) }),
          warning: false,
        }
      case 'notFound':
        return { text: t('registration.form.cep.notFound'), warning: true }
      case 'unavailable':
        return { text: t('registration.form.cep.unavailable'), warning: true }
    }
  }
  const status = cepStatus()

  function submit(event: FormEvent) {
    event.preventDefault()
    send({ type: 'registration.submit' })
  }

  return (
    <div className="page stack registration">
      <h1 className="page__title">{title ?? t('registration.title')}</h1>
      <Card>
        <form className="stack registration__form" onSubmit={submit} noValidate aria-label={title ?? t('registration.title')}>
          <p className="registration__note">{intro ?? t('registration.form.intro')}</p>
          <fieldset>
            <legend>{t('registration.form.personal')}</legend>
            {field('full_name')}
            {field('email')}
            {field('phone')}
            {field('cpf')}
            {field('birth_date')}
          </fieldset>
          {minor ? (
            <fieldset>
              <legend>{t('registration.form.guardian')}</legend>
              <p className="registration__note">{t('registration.form.guardianIntro')}</p>
              {field('guardian_name')}
              {field('guardian_cpf')}
            </fieldset>
          ) : null}
          <fieldset>
            <legend>{t('registration.form.address')}</legend>
            {field('cep')}
            <p id={CEP_STATUS_ID} className="registration__cep-status" role="status" data-tone={status?.warning ? 'warning' : undefined}>
              {status?.text}
            </p>
            {field('street')}
            {field('street_number')}
          </fieldset>
          {context.saveError ? <Alert tone="error">{context.saveError}</Alert> : null}
          {snapshot.matches('saved') ? <Alert tone="success">{t('registration.form.saved')}</Alert> : null}
          <div className="registration__actions">
            <Button type="submit" loading={saving}>
              {t('registration.form.submit')}
            </Button>
            <Button variant="text" type="button" onClick={onLogout}>
              {t('registration.start.logout')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
