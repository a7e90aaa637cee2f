import { REQUIRED_MESSAGE } from './schemas/messages.ts'
import { checkBirthDateOn, type CalendarDate } from './validation/age.ts'

/**
 * The registration-update rules of SPEC §4/§5, pure and shared: the session and the route
 * guard (requiresUpdate), the registration-update machine (src/machines) and the server
 * (PUT /users/atualizacao-cadastral/, the demo seed) all call these, so they never disagree.
 */

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
