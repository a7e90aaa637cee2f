import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import * as v from 'valibot'
import {
  PROFILE_FIELDS,
  ProfileUpdateBody,
  REGISTRATION_MAX_LENGTH,
  type ProfileField,
  type ProfileUpdateInput,
} from '../../../contract/schemas/registration.ts'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { saveFailure } from '../../../lib/save-failure.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { applyMask, MASKS, unmask } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { TextField, type TextFieldProps } from '../../../ui/text-field.tsx'
import { useUpdateProfile } from '../api/update-profile.ts'

export type ProfileValues = Record<ProfileField, string>
type FieldErrors = Partial<Record<ProfileField, string>>

const fieldId = (field: ProfileField) => `profile-${field}`

/** Per field: type, mask, autofill token and the server's limits. */
const FIELD_PROPS: Record<ProfileField, Partial<TextFieldProps>> = {
  full_name: { autoComplete: 'name', maxLength: REGISTRATION_MAX_LENGTH.full_name },
  email: { type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false, maxLength: REGISTRATION_MAX_LENGTH.email },
  phone: { type: 'tel', mask: MASKS.phone, autoComplete: 'tel-national' },
  cep: { mask: MASKS.cep, autoComplete: 'postal-code' },
  street: { autoComplete: 'address-line1', maxLength: REGISTRATION_MAX_LENGTH.street },
  street_number: { autoComplete: 'address-line2', maxLength: REGISTRATION_MAX_LENGTH.street_number },
}

/** The form's values for the stored profile (masked like the registration update's). */
export function profileValuesOf(user: CurrentUser): ProfileValues {
  return {
    full_name: user.full_name ?? '',
    email: user.email ?? '',
    phone: user.phone ? applyMask(MASKS.phone, user.phone) : '',
    cep: user.cep ? applyMask(MASKS.cep, user.cep) : '',
    street: user.street ?? '',
    street_number: user.street_number ?? '',
  }
}

const isProfileField = (key: unknown): key is ProfileField => (PROFILE_FIELDS as readonly unknown[]).includes(key)

/** The request body: digits without masks for phone and CEP. */
export function profileBodyOf(values: ProfileValues): ProfileUpdateInput {
  return { ...values, phone: unmask(values.phone), cep: unmask(values.cep) }
}

/** The first error of each field by the server's own schema (SPEC §5 texts). */
export function validateProfile(values: ProfileValues): FieldErrors {
  const parsed = v.safeParse(ProfileUpdateBody, profileBodyOf(values))
  const errors: FieldErrors = {}
  if (parsed.success) return errors
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key
    if (isProfileField(key)) errors[key] ??= issue.message
  }
  return errors
}

export interface ProfileFormProps {
  user: CurrentUser
  onSaved: (user: CurrentUser) => void
  onCancel: () => void
}

/**
 * /me "Editar dados" (issue 9 journey 7): PUT /users/profile/. Saving needs the
 * server; without a connection the form says so and keeps what was typed until it returns.
 */
export function ProfileForm({ user, onSaved, onCancel }: ProfileFormProps) {
  const { t } = useTranslation('me')
  const online = useOnlineStatus()
  const mutation = useUpdateProfile()
  const [values, setValues] = useState(() => profileValuesOf(user))
  const [showErrors, setShowErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [refusals, setRefusals] = useState(0)
  const firstField = useRef<HTMLInputElement>(null)
  const errors: FieldErrors = { ...serverErrors, ...(showErrors ? validateProfile(values) : {}) }
  const failure = mutation.isError ? saveFailure(mutation.error, isProfileField) : null
  const emailChanged = values.email.trim().toLowerCase() !== (user.email ?? '')

  useEffect(() => firstField.current?.focus(), [])

  // A refused submit takes the keyboard to the first field to fix.
  useEffect(() => {
    if (refusals === 0) return
    const first = PROFILE_FIELDS.find((field) => errors[field])
    if (first) document.getElementById(fieldId(first))?.focus()
    // Only on a new refusal, not on every keystroke after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals])

  function change(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    setServerErrors(({ [field]: _fixed, ...rest }) => rest)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setShowErrors(true)
    if (!online) return
    if (Object.keys(validateProfile(values)).length > 0) return setRefusals((n) => n + 1)
    mutation.mutate(profileBodyOf(values), {
      onSuccess: (saved) => onSaved(saved),
      onError: (error) => {
        const { fieldErrors } = saveFailure(error, isProfileField)
        if (Object.keys(fieldErrors).length === 0) return
        setServerErrors(fieldErrors)
        setRefusals((n) => n + 1)
      },
    })
  }

  function field(name: ProfileField) {
    return (
      <TextField
        {...FIELD_PROPS[name]}
        ref={name === 'full_name' ? firstField : undefined}
        id={fieldId(name)}
        name={name}
        label={t(`registration.form.fields.${name}`)}
        hint={
          name === 'email' && emailChanged
            ? t('profileEdit.emailHint')
            : name === 'phone' || name === 'cep' || name === 'street_number'
              ? t(`registration.form.hints.${name}`)
              : undefined
        }
        persistentHint={name === 'email' && emailChanged}
        value={values[name]}
        onChange={(value) => change(name, value)}
        error={errors[name]}
        required
        readOnly={mutation.isPending}
      />
    )
  }

  return (
    <form className="stack profile-form" onSubmit={submit} noValidate aria-label={t('profileEdit.title')}>
      {online ? null : <Alert tone="warning">{t('profileEdit.offline')}</Alert>}
      {field('full_name')}
      {field('email')}
      {field('phone')}
      {field('cep')}
      {field('street')}
      {field('street_number')}
      {failure?.message ? <Alert tone="error">{failure.message}</Alert> : null}
      <div className="profile-form__actions">
        <Button type="submit" loading={mutation.isPending} disabled={!online}>
          {t('profileEdit.submit')}
        </Button>
        <Button variant="text" type="button" onClick={onCancel} disabled={mutation.isPending}>
          {t('profileEdit.cancel')}
        </Button>
      </div>
    </form>
  )
}
