import { useQuery, type QueryKey } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'

/** What the device holds for a screen, and when it was fetched. */
export interface LocalSnapshot<T> {
  value: T
  updatedAt: number
}

export interface OfflineData<T> {
  /** undefined while IndexedDB is read; null when nothing was ever stored on this device. */
  snapshot: LocalSnapshot<T> | null | undefined
  isSyncing: boolean
  /** The last refresh failed (the local data, if any, stays on screen). */
  syncError: Error | null
  /** A refresh is waiting for the connection to come back. */
  isPaused: boolean
  refresh: () => void
}

/**
 * The read path of DESIGN.md "Data flow": the query fetches through the contract and
 * writes into Dexie (`sync`), the screen renders from Dexie (`read`, live), so it shows the
 * same data offline after a reload. The query keeps only a timestamp: the data itself is
 * never a second copy in the persisted query cache.
 */
export function useOfflineData<T>(options: {
  queryKey: QueryKey
  sync: () => Promise<void>
  read: () => Promise<LocalSnapshot<T> | null>
  deps?: unknown[]
}): OfflineData<T> {
  const query = useQuery({
    queryKey: options.queryKey,
    queryFn: async () => {
      await options.sync()
      return Date.now()
    },
    // Back on the bus with signal: refresh without a reload.
    refetchOnReconnect: 'always',
  })
  const local = useLiveQuery(async () => ({ snapshot: await options.read() }), options.deps ?? [])
  return {
    snapshot: local?.snapshot,
    isSyncing: query.fetchStatus === 'fetching',
    syncError: query.error,
    isPaused: query.fetchStatus === 'paused',
    refresh: () => void query.refetch(),
  }
}
