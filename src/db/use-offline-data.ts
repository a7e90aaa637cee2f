import { queryOptions, useQueries, useQuery, type QueryKey } from '@tanstack/react-query'
import { startTransition, useEffect, useState, type DependencyList } from 'react'
import type { PortalDb, SyncKey } from './database.ts'
import { loadLocalDataAfterFirstScreen, type Device } from './local.ts'

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
 * What a query keeps of its last sync: when it ended and, for a sync that returns it, the
 * answer it stored, which the screen draws until the device database has answered.
 */
export interface SyncDone {
  syncedAt: number
  answer: unknown
}

/**
 * The query of an offline entity (DESIGN.md "Data flow"): it runs the feature's sync
 * (contract → Dexie) and keeps only the time it finished, never a second copy of the data.
 * Route loaders prefetch it so a screen's requests start with `/users/me/`, not after it.
 */
export function offlineQueryOptions(queryKey: QueryKey, sync: (device: Device, show: (answer: unknown) => void) => Promise<void>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ client }): Promise<SyncDone> => {
      // The request does not wait for the database (issue 37): on a first visit its code and
      // its opening took longer than the answer, and online it loads only once the screen is
      // painted. The sync awaits it where it needs it.
      const device = loadLocalDataAfterFirstScreen()
      device.catch(() => undefined)
      let answer: unknown = null
      await sync(device, (value) => {
        answer = value
        // On screen now, while the sync stores it: the query stays "fetching" until the store ends.
        client.setQueryData<SyncDone>(queryKey, { syncedAt: Date.now(), answer })
      })
      return { syncedAt: Date.now(), answer }
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
 * `read` as a Dexie live query, once the database has loaded: undefined until its
 * first answer, then every change the device's tables see. What `useLiveQuery` of
 * dexie-react-hooks does, without putting Dexie in the chunk of the screen that calls it.
 */
export function useLocalQuery<T>(read: (db: PortalDb) => Promise<T>, deps: DependencyList): T | undefined {
  const [result, setResult] = useState<{ value: T } | { error: unknown }>()
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined
    let stopped = false
    loadLocalDataAfterFirstScreen().then(
      ({ liveQuery, localDb }) => {
        if (stopped) return
        // Not urgent: React batches the answers of a screen's queries and renders them in
        // slices, so data arriving does not block a tap (issue 7 TBT).
        subscription = liveQuery(() => read(localDb)).subscribe({
          next: (value) => startTransition(() => setResult({ value })),
          error: (error: unknown) => setResult({ error }),
        })
      },
      (error: unknown) => setResult({ error }),
    )
    return () => {
      stopped = true
      subscription?.unsubscribe()
    }
    // `deps` says when `read` reads something else, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  if (result && 'error' in result) throw result.error
  return result?.value
}

/** A `fromAnswer` for a sync whose answer is already what the screen draws (stored as it came). */
export function answerAsIs<T>(answer: T): T {
  return answer
}

/**
 * The read path of DESIGN.md "Data flow": the query fetches through the contract and
 * writes into Dexie (`sync`), the screen renders from Dexie (`read`, live), so it shows the
 * same data offline after a reload.
 */
export function useOfflineData<T>(options: {
  options: ReturnType<typeof offlineQueryOptions>
  read: (db: PortalDb) => Promise<LocalSnapshot<T> | null>
  /**
   * The screen's value from the sync's answer (the answer's type is the sync's), drawn while
   * the device database has not answered or holds nothing yet: on a first visit a phone
   * opens it after the answer has arrived. The database's copy wins once it has one.
   */
  fromAnswer?: (answer: never) => T
  deps?: DependencyList
}): OfflineData<T> {
  const query = useQuery(options.options)
  const local = useLocalQuery(async (db) => ({ snapshot: await options.read(db) }), options.deps ?? [])
  const isSyncing = query.fetchStatus === 'fetching'
  // The answer is mapped only while the device has no copy of its own (it wins once it has).
  const done = query.data
  const fromAnswer =
    local?.snapshot == null && options.fromAnswer && done && done.answer != null
      ? { value: options.fromAnswer(done.answer as never), updatedAt: done.syncedAt }
      : null
  return {
    snapshot: fromAnswer ?? local?.snapshot,
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
  const states = useLocalQuery((db) => db.syncState.bulkGet(keys), [keys.join()])
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
