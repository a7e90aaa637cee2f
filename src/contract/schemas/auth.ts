import * as v from 'valibot'
import { BooleanQuery, PASSWORD_MAX_LENGTH, Text } from './common.ts'

const optionalText = v.optional(Text(100))

/** OAuth2 password form (D2); every field travels as text. SPEC §3 login form. */
export const LoginForm = v.object({
  /** An e-mail (RFC 5321: at most 254 characters) or a CPF. */
  username: v.pipe(Text(254), v.trim(), v.minLength(1)),
  password: v.pipe(Text(PASSWORD_MAX_LENGTH), v.minLength(1)),
  /** Chosen account when several share the identifier (D9). */
  user_id: v.optional(v.pipe(Text(10), v.regex(/^\d+$/))),
  prospex: optionalText,
  cupom: optionalText,
  company: optionalText,
})
export type LoginForm = v.InferInput<typeof LoginForm>

export const AccountChoice = v.object({
  id: v.number(),
  full_name: v.nullable(v.string()),
  company_name: v.nullable(v.string()),
})
export type AccountChoice = v.InferOutput<typeof AccountChoice>

export const AccessToken = v.object({ access_token: v.string(), token_type: v.literal('bearer') })
/** SPEC §7: login returns users[] (several accounts match) or access_token. */
export const LoginResponse = v.union([AccessToken, v.object({ users: v.array(AccountChoice) })])
export type LoginResponse = v.InferOutput<typeof LoginResponse>

/**
 * SPEC §3, §7: recover-password takes the e-mail in the query, or with `isAccessCode` the
 * access code (the CPF, the login's other identifier) in the same parameter.
 */
export const RecoverPasswordQuery = v.object({
  email: v.pipe(Text(254), v.trim(), v.minLength(1)),
  isAccessCode: v.optional(BooleanQuery),
})

/** The token of a reset link: base64url, as the server makes them. */
export const EmailToken = v.pipe(Text(128), v.regex(/^[A-Za-z0-9_-]{16,128}$/))

/** SPEC §3: the token as a query parameter, the new password in the body. */
export const ResetPasswordQuery = v.object({ token: EmailToken })

/** New passwords are 8–128 characters, as for a change. */
export const NewPassword = v.pipe(Text(PASSWORD_MAX_LENGTH), v.minLength(8))

export const ResetPasswordBody = v.object({ new_password: NewPassword })
