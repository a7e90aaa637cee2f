import type { CurrentUser } from '../contract/schemas/user.ts'
import { STORAGE_KEYS } from '../contract/storage-keys.ts'

export { STORAGE_KEYS }

/** The user kept on the device and when the server last confirmed it. */
export interface KeptUser {
  user: CurrentUser
  updatedAt: number
}

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

/**
 * The user kept by the last visit: one small record read synchronously before the
 * first render, so a signed-in student never sees the login form and the frame draws at once.
 */
export function getKeptUser(): KeptUser | null {
  const store = storage()
  try {
    const kept = JSON.parse(store?.getItem(STORAGE_KEYS.keptUser) ?? 'null') as KeptUser | null
    return kept?.user ? kept : legacyKeptUser(store)
  } catch {
    return null
  }
}

export function storeKeptUser(user: CurrentUser, updatedAt: number): void {
  storage()?.setItem(STORAGE_KEYS.keptUser, JSON.stringify({ user, updatedAt } satisfies KeptUser))
}

/** A device signed in before the kept user had a record of its own has it in the persisted query cache: take it from there once. */
function legacyKeptUser(store: Storage | null): KeptUser | null {
  const cache = JSON.parse(store?.getItem(STORAGE_KEYS.legacyQueryCache) ?? 'null') as {
    clientState?: { queries?: { queryKey: unknown[]; state: { data?: CurrentUser; dataUpdatedAt: number } }[] }
  } | null
  const query = cache?.clientState?.queries?.find(({ queryKey }) => queryKey.join('/') === 'users/me')
  store?.removeItem(STORAGE_KEYS.legacyQueryCache)
  if (!query?.state.data) return null
  storeKeptUser(query.state.data, query.state.dataUpdatedAt)
  return { user: query.state.data, updatedAt: query.state.dataUpdatedAt }
}

/**
 * SPEC §4 logout: clears token, verification token and book info; issue 8: every account
 * key kept here goes, so a key added to STORAGE_KEYS is wiped without another line.
 */
export function clearStoredSession(): void {
  const store = storage()
  for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key)
}

/**
 * The book a person scanned or typed before logging in (D8, SPEC §3 `bookInfo`). Written by
 * the QR screen and the book-code form, read by /login/form and /profile-creation, cleared
 * when the flow ends (and by logout with the rest).
 */
export interface BookInfo {
  uuid: string
  /** Known once `GET /at-home/empty-book-check/{id}/` answered: not linked to any enrolment yet. */
  isEmpty?: boolean
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/**
 * The book uuid in what a QR code or a person gave: the bare uuid, or any text holding one
 * (a printed code may be a link with the uuid in it). Lower-cased; null when there is none.
 */
export function bookUuidIn(text: string): string | null {
  return UUID.exec(text.trim())?.[0].toLowerCase() ?? null
}

export function getBookInfo(): BookInfo | null {
  try {
    const info = JSON.parse(getStoredItem('bookInfo') ?? 'null') as BookInfo | null
    return info && typeof info.uuid === 'string' && bookUuidIn(info.uuid) === info.uuid ? info : null
  } catch {
    return null
  }
}

export function storeBookInfo(info: BookInfo): void {
  setStoredItem('bookInfo', JSON.stringify(info))
}
