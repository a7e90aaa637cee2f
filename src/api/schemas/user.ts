import * as v from 'valibot'
import { ROLES } from '../define.ts'
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
})
export type CurrentUser = v.InferOutput<typeof CurrentUser>

export const UpdatePasswordBody = v.object({
  current_password: v.pipe(Text(PASSWORD_MAX_LENGTH), v.minLength(1)),
  new_password: v.pipe(Text(PASSWORD_MAX_LENGTH), v.minLength(8)),
})

/** PUT /users/pwa/: the install prompt's outcome (SPEC §4: false when offered and dismissed). */
export const PwaInstalledBody = v.object({ pwa_installed: v.boolean() })

/**
 * Drive's answer to a password change: every older token stops working (other devices
 * are logged out), so the session that changed it continues with this new one.
 */
export const PasswordUpdated = v.object({ detail: v.string(), access_token: v.string(), token_type: v.literal('bearer') })
