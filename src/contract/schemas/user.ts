import * as v from 'valibot'
import { ROLES } from '../define.ts'
import { EmailToken, NewPassword } from './auth.ts'
import { IsoDate, IsoDateTime, PASSWORD_MAX_LENGTH, Text } from './common.ts'

export const Role = v.picklist(ROLES)
export type Role = v.InferOutput<typeof Role>

export const Company = v.object({ id: v.number(), name: v.string(), escola_id: v.number() })
export const DriveUser = v.object({ id: v.number(), company: Company })

export const CurrentUser = v.object({
  id: v.number(),
  role: Role,
  full_name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  cpf: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  cep: v.nullable(v.string()),
  street: v.nullable(v.string()),
  street_number: v.nullable(v.string()),
  /** YYYY-MM-DD, asked by the registration update (SPEC §5 underage check). */
  birth_date: v.nullable(IsoDate),
  /** A minor's guardian (SPEC §5, D28); null for an adult. */
  guardian_name: v.nullable(v.string()),
  guardian_cpf: v.nullable(v.string()),
  /** Last registration update, UTC (SPEC §3). */
  updated_at: v.nullable(IsoDateTime),
  is_club: v.boolean(),
  drive_user: v.nullable(DriveUser),
  /** Per-route "tour seen" flags (SPEC §3 tour record). */
  driver_tour: v.record(v.string(), v.boolean()),
  /** Last install outcome reported by the web app (PUT /users/pwa/, SPEC §4). */
  pwa_installed: v.boolean(),
  /** The owner confirmed `email` through a link (SPEC §4 e-mail verification). */
  email_verified: v.boolean(),
})
export type CurrentUser = v.InferOutput<typeof CurrentUser>

export const UpdatePasswordBody = v.object({
  current_password: v.pipe(Text(PASSWORD_MAX_LENGTH), v.minLength(1)),
  new_password: NewPassword,
})

/** PUT /users/pwa/: the install prompt's outcome (SPEC §4: false when offered and dismissed). */
export const PwaInstalledBody = v.object({ pwa_installed: v.boolean() })

/**
 * Drive's answer to a password change: every older token stops working (other devices
 * are logged out), so the session that changed it continues with this new one.
 */
export const PasswordUpdated = v.object({ detail: v.string(), access_token: v.string(), token_type: v.literal('bearer') })

/** An e-mail in a query: trimmed, compared lower-cased by the server. */
const EmailQuery = v.pipe(Text(254), v.trim(), v.email())

/** GET /users/check-email/: may the caller use this e-mail (registration update)? */
export const CheckEmailQuery = v.object({ email: EmailQuery })
/** `available`: no other account has it (the caller's own e-mail is available to them). */
export const EmailAvailability = v.object({ available: v.boolean() })

/** GET /users/check-exists/: an account with this e-mail or CPF (one of them). */
export const CheckExistsQuery = v.pipe(
  v.object({
    email: v.optional(EmailQuery),
    cpf: v.optional(v.pipe(Text(14), v.regex(/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/))),
  }),
  v.check((query) => (query.email === undefined) !== (query.cpf === undefined), 'Informe o e-mail ou o CPF'),
)
/** Only ever true: no account answers 400 "Usuário não encontrado" (SPEC §8). */
export const AccountExists = v.object({ exists: v.literal(true) })

/**
 * GET /users/send-email-verification/: the link goes to the account's e-mail; `email`, when
 * given, must be that e-mail (a registration changed on another device meanwhile).
 */
export const SendEmailVerificationQuery = v.object({ email: v.optional(EmailQuery) })

/** SPEC §7: POST /users/verify-email/ (token_email), the token of the link. */
export const VerifyEmailBody = v.object({ token_email: EmailToken })
