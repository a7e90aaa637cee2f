/**
 * The keys SPEC §3 keeps on the device ("Stored locally"). Everything the browser keeps
 * about a session goes through here so logout can wipe it in one place.
 */
export const STORAGE_KEYS = {
  token: 'token',
  emailVerificationToken: 'cpf_email_verification_token',
  bookInfo: 'bookInfo',
  pushSubscriptionAuth: 'push_subscription_auth',
  /** A half-filled registration update (P60): personal data, so logout wipes it with the rest. */
  registrationDraft: 'registration_update_draft',
} as const

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null // storage disabled (private mode on some browsers): behave as empty
  }
}

export type StorageKey = keyof typeof STORAGE_KEYS

export function getStoredItem(key: StorageKey): string | null {
  return storage()?.getItem(STORAGE_KEYS[key]) ?? null
}

export function setStoredItem(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(STORAGE_KEYS[key], value)
  } catch {
    // Full or refused storage: the value is only lost on a reload.
  }
}

export function removeStoredItem(key: StorageKey): void {
  storage()?.removeItem(STORAGE_KEYS[key])
}

export function getStoredToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) ?? null
}

export function storeToken(token: string): void {
  storage()?.setItem(STORAGE_KEYS.token, token)
}

/** SPEC §3 `cpf_email_verification_token`: a confirmation link opened before login (P65). */
export function getStoredEmailVerificationToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.emailVerificationToken) ?? null
}

export function storeEmailVerificationToken(token: string): void {
  storage()?.setItem(STORAGE_KEYS.emailVerificationToken, token)
}

export function removeStoredEmailVerificationToken(): void {
  storage()?.removeItem(STORAGE_KEYS.emailVerificationToken)
}

/**
 * SPEC §4 logout: clears token, verification token and book info; issue 8: every account
 * key kept here goes, so a key added to STORAGE_KEYS is wiped without another line.
 */
export function clearStoredSession(): void {
  const store = storage()
  for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key)
}
