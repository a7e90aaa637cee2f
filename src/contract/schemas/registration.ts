import * as v from 'valibot'
import { isPlausibleBirthDate } from '../registration.ts'
import { calendarDateOf } from '../validation/age.ts'
import { isValidCpf } from '../validation/cpf.ts'
import { RequiredText, Text } from './common.ts'
import { REQUIRED_MESSAGE } from './messages.ts'

/** Texts of the registration form not among SPEC §5's defaults (src/i18n validation.json has the same). */
export const INVALID_CPF_MESSAGE = 'Por favor, insira um CPF válido'
export const INVALID_BIRTH_DATE_MESSAGE = 'Por favor, insira uma data válida'

/** Longest values stored: a full name, an e-mail (RFC 5321), a street and its number. */
export const REGISTRATION_MAX_LENGTH = { full_name: 150, email: 254, street: 200, street_number: 20, guardian_name: 150 } as const

/** Digits only on the wire; the form shows the masks (###.###.###-##). */
const Cpf = v.pipe(Text(11), v.minLength(1, REQUIRED_MESSAGE), v.check(isValidCpf, INVALID_CPF_MESSAGE))

/**
 * PUT /users/atualizacao-cadastral/ (SPEC §7): the seven profile fields of SPEC §3 plus the
 * birth date, and a guardian for a minor (SPEC §5: required then, `guardianIssues` in
 * ../registration.ts, checked on the caller's day). The form validates its values with this
 * same schema, so the browser and the server say the same thing.
 */
export const RegistrationUpdateBody = v.object({
  full_name: RequiredText(REGISTRATION_MAX_LENGTH.full_name),
  email: v.pipe(Text(REGISTRATION_MAX_LENGTH.email), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.email(), v.toLowerCase()),
  /** DDD + number: 10 digits (landline) or 11 (mobile). */
  phone: v.pipe(Text(11), v.minLength(1, REQUIRED_MESSAGE), v.regex(/^[1-9]{2}\d{8,9}$/)),
  cpf: Cpf,
  /** YYYY-MM-DD (SPEC §5). */
  birth_date: v.pipe(
    Text(10),
    v.minLength(1, REQUIRED_MESSAGE),
    v.check((text) => isPlausibleBirthDate(text, calendarDateOf(new Date())), INVALID_BIRTH_DATE_MESSAGE),
  ),
  cep: v.pipe(Text(8), v.minLength(1, REQUIRED_MESSAGE), v.regex(/^\d{8}$/)),
  street: RequiredText(REGISTRATION_MAX_LENGTH.street),
  street_number: RequiredText(REGISTRATION_MAX_LENGTH.street_number),
  /** Only a minor's are kept; an adult's are cleared. */
  guardian_name: v.optional(v.nullable(v.pipe(Text(REGISTRATION_MAX_LENGTH.guardian_name), v.trim())), null),
  guardian_cpf: v.optional(v.nullable(v.pipe(Text(11), v.check(isValidCpf, INVALID_CPF_MESSAGE))), null),
})
export type RegistrationUpdateBody = v.InferOutput<typeof RegistrationUpdateBody>
export type RegistrationUpdateInput = v.InferInput<typeof RegistrationUpdateBody>

/** Another account already logs in with this e-mail (e-mails are unique logins). */
export const EMAIL_IN_USE_MESSAGE = 'Este e-mail já está em uso por outra conta.'

/**
 * PUT /users/profile/ (SPEC §7, /me "Meu perfil"): the contact details a student keeps
 * up to date, with the registration update's own rules (SPEC §5 texts). CPF and birth date
 * are identity facts the registration update asks for; they are not edited here.
 */
export const ProfileUpdateBody = v.pick(RegistrationUpdateBody, ['full_name', 'email', 'phone', 'cep', 'street', 'street_number'])
export type ProfileUpdateBody = v.InferOutput<typeof ProfileUpdateBody>
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateBody>
export const PROFILE_FIELDS = [
  'full_name',
  'email',
  'phone',
  'cep',
  'street',
  'street_number',
] as const satisfies readonly (keyof ProfileUpdateBody)[]
export type ProfileField = (typeof PROFILE_FIELDS)[number]
