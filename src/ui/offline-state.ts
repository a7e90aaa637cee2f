import { NetworkError } from '../lib/client.ts'

/**
 * Issue 7 "honest states": what a card or screen of offline data may say. An empty message
 * only after an answer (or the device's copy) says it is empty; until then a skeleton.
 */
export type OfflineState = 'loading' | 'notOnDevice' | 'error' | 'empty' | 'ready'

export interface OfflineStateInput<T> {
  snapshot: { value: T } | null | undefined
  isSyncing: boolean
  syncError: Error | null
  isPaused: boolean
}

export function offlineStateOf<T>(
  { snapshot, isSyncing, syncError, isPaused }: OfflineStateInput<T>,
  isEmpty?: (value: T) => boolean,
): OfflineState {
  if (snapshot) return isEmpty?.(snapshot.value) ? 'empty' : 'ready'
  // undefined: the device's copy is still being read.
  if (snapshot === undefined) return 'loading'
  // Nothing ever stored here: offline (or the server out of reach) says so; another failure is an error.
  if (isPaused) return 'notOnDevice'
  if (syncError && !isSyncing) return syncError instanceof NetworkError ? 'notOnDevice' : 'error'
  return 'loading'
}
