import { queryOptions, useQueries, useQuery, type QueryKey } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { localDb, type SyncKey } from './database.ts'

/** What the device holds for a screen, and when it was fetched. */
export interface LocalSnapshot<T> {
  value: T
  updatedAt: number
}

/** Issue 7: after this long without an answer the screen says "Conexão lenta" (it already shows the device's copy). */
export const SLOW_AFTER_MS = 3_000

export interface OfflineData<T> {
  /** undefined while IndexedDB is read; null when nothing was ever stored on this device. */
  snapshot: LocalSnapshot<T> | null | undefined
  isSyncing: boolean
  /** A refresh has waited more than SLOW_AFTER_MS for the server. */
  isSlow: boolean
  /** The last refresh failed (the local data, if any, stays on screen). */
  syncError: Error | null
  /** A refresh is waiting for the connection to come back. */
  isPaused: boolean
  refresh: () => Promise<unknown>
}

/**
 * The query of an offline entity (DESIGN.md "Data flow"): it runs the feature's sync
 * (contract → Dexie) and keeps only the time it finished, never a second copy of the data.
 * Route loaders prefetch it so a screen's requests start with `/users/me/`, not after it.
 */
export function offlineQueryOptions(queryKey: QueryKey, sync: () => Promise<void>) {
  return queryOptions({
    queryKey,
    queryFn: async () => {
      await sync()
      return Date.now()
    },
    // Back on the bus with signal: refresh without a reload.
    refetchOnReconnect: 'always',
  })
}

/** True while `active` has lasted SLOW_AFTER_MS. */
export function useSlow(active: boolean, afterMs = SLOW_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    setSlow(false)
    if (!active) return
    const timer = setTimeout(() => setSlow(true), afterMs)
    return () => clearTimeout(timer)
  }, [active, afterMs])
  return active && slow
}

/**
 * The read path of DESIGN.md "Data flow": the query fetches through the contract and
 * writes into Dexie (`sync`), the screen renders from Dexie (`read`, live), so it shows the
 * same data offline after a reload.
 */
export function useOfflineData<T>(options: {
  options: ReturnType<typeof offlineQueryOptions>
  read: () => Promise<LocalSnapshot<T> | null>
  deps?: unknown[]
}): OfflineData<T> {
  const query = useQuery(options.options)
  const local = useLiveQuery(async () => ({ snapshot: await options.read() }), options.deps ?? [])
  const isSyncing = query.fetchStatus === 'fetching'
  return {
    snapshot: local?.snapshot,
    isSyncing,
    isSlow: useSlow(isSyncing),
    syncError: query.error,
    isPaused: query.fetchStatus === 'paused',
    refresh: () => query.refetch(),
  }
}

/**
 * The sync state of a screen built from several entities (the dashboard): "Atualizado em"
 * is the oldest of them, a refresh re-syncs them all.
 */
export function useSyncGroup(entries: ReadonlyArray<{ options: ReturnType<typeof offlineQueryOptions>; key: SyncKey }>) {
  const queries = useQueries({ queries: entries.map((entry) => entry.options) })
  const keys = entries.map((entry) => entry.key)
  const states = useLiveQuery(() => localDb.syncState.bulkGet(keys), [keys.join()])
  const isSyncing = queries.some((q) => q.fetchStatus === 'fetching')
  const times = states?.map((state) => state?.updatedAt)
  return {
    updatedAt: times && times.every((time) => time !== undefined) ? Math.min(...(times as number[])) : undefined,
    isSyncing,
    isSlow: useSlow(isSyncing),
    syncError: queries.find((q) => q.error)?.error ?? null,
    isPaused: queries.some((q) => q.fetchStatus === 'paused'),
    refresh: () => Promise.all(queries.map((q) => q.refetch())),
  }
}
