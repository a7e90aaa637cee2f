import type { CurrentUser } from './schemas/user.ts'
import { daysInMonth } from './validation/age.ts'

/**
 * When a registration must be updated (SPEC §4), apart from the form's rules in
 * ./registration.ts: the session and the guard read it before the first screen, which loads
 * no valibot.
 */

/** The seven fields SPEC §3 requires for a complete registration. */
export const REQUIRED_PROFILE_FIELDS = ['phone', 'cep', 'cpf', 'email', 'full_name', 'street_number', 'street'] as const

/** SPEC §9: a registration older than this many months must be updated. */
export const REGISTRATION_UPDATE_MONTHS = 4

/** What the rule reads of a user. */
export type RegistrationState = Pick<CurrentUser, (typeof REQUIRED_PROFILE_FIELDS)[number] | 'updated_at'>

/** Why an update is needed; the start screen says which. */
export type RegistrationUpdateReason = 'missingFields' | 'neverUpdated' | 'expired'

/**
 * When a registration updated at `updatedAt` falls due: the same UTC day of the month
 * and time `months` later; a day that month does not have moves to the 1st of the next
 * (31 Oct + 4 months = 1 Mar), as birthdays are counted (Código Civil art. 132 §3).
 */
export function registrationDueAt(updatedAt: Date, months = REGISTRATION_UPDATE_MONTHS): Date {
  const monthIndex = updatedAt.getUTCMonth() + months
  const year = updatedAt.getUTCFullYear() + Math.floor(monthIndex / 12)
  const month = monthIndex % 12 // 0-based
  const day = updatedAt.getUTCDate()
  const fits = day <= daysInMonth(year, month + 1)
  const timeOfDay = updatedAt.getTime() - Date.UTC(updatedAt.getUTCFullYear(), updatedAt.getUTCMonth(), day)
  const start = fits ? Date.UTC(year, month, day) : Date.UTC(year, month + 1, 1)
  return new Date(start + timeOfDay)
}

/**
 * SPEC §4: an update is needed when any of the seven required profile fields is empty,
 * updated_at is missing, or the last update is 4 or more months old (UTC, SPEC §3).
 */
export function registrationUpdateReason(user: RegistrationState, now: Date = new Date()): RegistrationUpdateReason | null {
  if (REQUIRED_PROFILE_FIELDS.some((field) => !user[field]?.trim())) return 'missingFields'
  if (!user.updated_at) return 'neverUpdated'
  const updatedAt = new Date(user.updated_at)
  if (Number.isNaN(updatedAt.getTime())) return 'neverUpdated'
  return now.getTime() >= registrationDueAt(updatedAt).getTime() ? 'expired' : null
}

export function needsRegistrationUpdate(user: RegistrationState, now: Date = new Date()): boolean {
  return registrationUpdateReason(user, now) !== null
}
