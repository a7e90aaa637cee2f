import { REQUIRED_MESSAGE } from './schemas/messages.ts'
import { REQUIRED_PROFILE_FIELDS, type CurrentUser } from './schemas/user.ts'
import { checkBirthDateOn, daysInMonth, type CalendarDate } from './validation/age.ts'

/**
 * The registration-update rules of SPEC §4/§5, pure and shared: the session and the route
 * guard (requiresUpdate), the registration-update machine (src/machines) and the server
 * (PUT /users/atualizacao-cadastral/, the demo seed) all call these, so they never disagree.
 */

/** SPEC §9: a registration older than this many months must be updated. */
export const REGISTRATION_UPDATE_MONTHS = 4

/** What the rule reads of a user. */
export type RegistrationState = Pick<CurrentUser, (typeof REQUIRED_PROFILE_FIELDS)[number] | 'updated_at'>

/** Why an update is needed; the start screen says which. */
export type RegistrationUpdateReason = 'missingFields' | 'neverUpdated' | 'expired'

/**
 * When a registration updated at `updatedAt` falls due (P57): the same UTC day of the month
 * and time `months` later; a day that month does not have moves to the 1st of the next
 * (31 Oct + 4 months = 1 Mar), as P12 counts birthdays (Código Civil art. 132 §3).
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

/** Nobody alive was born before this year: 0001-01-01 is a typo, not a birth date. */
export const MIN_BIRTH_YEAR = 1900

/** A real `YYYY-MM-DD` date, not in the future on `today`, from 1900 on. */
export function isPlausibleBirthDate(birthDate: string, today: CalendarDate): boolean {
  const check = checkBirthDateOn(birthDate, today)
  return check.valid && check.date.year >= MIN_BIRTH_YEAR
}

/** Under 18 full years on `today` (SPEC §5); false while the date is not plausible yet. */
export function isMinorOn(birthDate: string, today: CalendarDate): boolean {
  const check = checkBirthDateOn(birthDate, today)
  return check.valid && check.date.year >= MIN_BIRTH_YEAR && check.underage
}

export type GuardianField = 'guardian_name' | 'guardian_cpf'

export interface GuardianInput {
  birth_date: string
  guardian_name?: string | null | undefined
  guardian_cpf?: string | null | undefined
}

/**
 * An underage student names a guardian (SPEC §5 underage check, D28): both fields are
 * required then. Their format is the body schema's; this is the rule across fields.
 */
export function guardianIssues(input: GuardianInput, today: CalendarDate): { field: GuardianField; message: string }[] {
  if (!isMinorOn(input.birth_date, today)) return []
  return (['guardian_name', 'guardian_cpf'] as const)
    .filter((field) => !input[field]?.trim())
    .map((field) => ({ field, message: REQUIRED_MESSAGE }))
}
