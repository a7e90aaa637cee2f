import type { CurrentUser } from '../api/schemas/user.ts'

/** The seven fields SPEC §3 requires for a complete registration (here, not beside the schema: no valibot before the first screen). */
export const REQUIRED_PROFILE_FIELDS = ['phone', 'cep', 'cpf', 'email', 'full_name', 'street_number', 'street'] as const

/** SPEC §9: a registration older than this many months must be updated. */
export const REGISTRATION_UPDATE_MONTHS = 4

/**
 * SPEC §4: an update is needed when any of the seven required profile fields is empty,
 * updated_at is missing, or the last update is 4 or more months old.
 */
export function needsRegistrationUpdate(user: CurrentUser, now: Date = new Date()): boolean {
  if (REQUIRED_PROFILE_FIELDS.some((field) => !user[field]?.trim())) return true
  if (!user.updated_at) return true
  const updatedAt = new Date(user.updated_at) // updated_at is UTC (SPEC §3)
  if (Number.isNaN(updatedAt.getTime())) return true
  const threshold = new Date(now)
  threshold.setUTCMonth(threshold.getUTCMonth() - REGISTRATION_UPDATE_MONTHS)
  return updatedAt <= threshold
}
