import { getStoredItem, removeStoredItem, setStoredItem } from '../../../lib/local-store.ts'
import { REGISTRATION_FIELDS, type RegistrationValues } from '../../../machines/registration-update.ts'

/**
 * A half-filled registration update survives a reload: kept in local storage under
 * the account it belongs to (a shared phone never shows one student's draft to another;
 * logout wipes it with every account key), removed once the server saved the update.
 */

interface StoredDraft {
  user_id: number
  values: RegistrationValues
}

function isDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false
  const { user_id: userId, values } = value as Partial<StoredDraft>
  return (
    typeof userId === 'number' &&
    typeof values === 'object' &&
    values !== null &&
    REGISTRATION_FIELDS.every((field) => typeof (values as Record<string, unknown>)[field] === 'string')
  )
}

export function readRegistrationDraft(userId: number): RegistrationValues | null {
  try {
    const stored: unknown = JSON.parse(getStoredItem('registrationDraft') ?? 'null')
    return isDraft(stored) && stored.user_id === userId ? stored.values : null
  } catch {
    return null
  }
}

export function writeRegistrationDraft(userId: number, values: RegistrationValues): void {
  setStoredItem('registrationDraft', JSON.stringify({ user_id: userId, values } satisfies StoredDraft))
}

export function clearRegistrationDraft(): void {
  removeStoredItem('registrationDraft')
}
