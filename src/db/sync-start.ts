/**
 * Where a sync starts, before the device database has loaded (issue 37): its ticket, the
 * ETags it sends and its conditional request. Loaded with the screens' syncs, not with the
 * first screen; sync.ts (the writes) shares this module's state.
 */
import type { ConditionalResult } from '../lib/client.ts'
import { getStoredItem, removeStoredItem, setStoredItem } from '../lib/local-store.ts'
import type { SyncKey } from './database.ts'

/**
 * Bumped by a logout's wipe and by another account's claim: a sync takes its ticket when
 * it starts (before the database has loaded) and its write is dropped if the ticket is old.
 */
/** The ticket of the page's start, before any wipe or change of owner. */
export const START_TICKET = 0

let generation = START_TICKET

/** Taken when a sync starts and handed to its store call. */
export function syncTicket(): number {
  return generation
}

/** A wipe or a change of owner: every sync started before it writes nothing. */
export function endSyncGeneration(): void {
  generation++
}

/** The ETags the database held for `key` when it last stored it: sent before it has loaded (STORAGE_KEYS.etagHints). */
export function etagHintsFor(key: SyncKey): Record<string, string> {
  return readHints()[key] ?? {}
}

/** Written after a sync's rows are stored, with the ETags stored beside them. */
export function keepEtagHints(key: SyncKey, etags: Record<string, string> | undefined): void {
  const hints = readHints()
  if (etags && Object.keys(etags).length > 0) hints[key] = etags
  else delete hints[key]
  setStoredItem('etagHints', JSON.stringify(hints))
}

export function forgetEtagHints(): void {
  removeStoredItem('etagHints')
}

/**
 * One conditional GET of a sync: sends the stored ETag; on a 304 takes the stored value
 * (`stored`), or fetches again without the ETag when the device lost it meanwhile (a hint
 * outlived its rows, or the rows were wiped).
 */
export async function fetchConditional<T>(
  get: (etag: string | null) => Promise<ConditionalResult<T>>,
  etag: string | undefined,
  stored: () => Promise<T | undefined>,
): Promise<{ value: T; etag: string | null; changed: boolean }> {
  if (etag) {
    const answer = await get(etag)
    if (!answer.notModified) return { value: answer.data, etag: answer.etag, changed: true }
    const local = await stored()
    if (local !== undefined) return { value: local, etag, changed: false }
  }
  const answer = await get(null)
  if (answer.notModified) throw new Error('304 to a request without If-None-Match')
  return { value: answer.data, etag: answer.etag, changed: true }
}

/** The hints of every sync (STORAGE_KEYS.etagHints); anything unreadable counts as none. */
function readHints(): Partial<Record<SyncKey, Record<string, string>>> {
  try {
    const hints = JSON.parse(getStoredItem('etagHints') ?? '{}') as unknown
    return hints && typeof hints === 'object' ? (hints as Partial<Record<SyncKey, Record<string, string>>>) : {}
  } catch {
    return {}
  }
}
