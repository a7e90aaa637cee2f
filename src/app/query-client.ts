import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { defaultShouldDehydrateQuery, onlineManager, QueryClient, type Query } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client'
import { onReachabilityChange } from '../api/reachability.ts'

/** Persisted query cache: the portal starts fast and shows the last known data offline. */
const CACHE_MAX_AGE_MS = 1000 * 60 * 60 * 24 * 30

// TanStack Query assumes "online" until an event says otherwise; a page reloaded on a bus
// with no signal gets no event, so start from what the browser knows.
// Node 21+ has a `navigator` without `onLine` (the build's pre-render runs there): only a browser's answer counts.
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine)

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Kept in memory for the whole visit. Not CACHE_MAX_AGE_MS: a timer beyond 2^31 ms
      // overflows and would drop queries at once, the kept user among them.
      gcTime: Number.POSITIVE_INFINITY,
      staleTime: 30_000,
      // Flaky mobile data: retry a little, but never on a 4xx that will not change.
      retry: (failureCount, error) =>
        failureCount < 2 && !(typeof error === 'object' && error && 'status' in error && Number(error.status) < 500),
      networkMode: 'offlineFirst',
    },
  },
})

const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'portal-query-cache',
  // Small (the data lives in Dexie): a reload right after login still finds the kept user.
  throttleTime: 100,
})

const persistOptions = {
  queryClient,
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: 'v1',
  // Offline entities keep their data and "updated at" in Dexie; their queries are not kept,
  // so every start revalidates them in the background (a 304 when unchanged, issue 7).
  dehydrateOptions: { shouldDehydrateQuery: (query: Query) => query.queryKey[0] !== 'offline' && defaultShouldDehydrateQuery(query) },
}

/** Restores the cache kept by the last visit; call once before the first render. */
export async function restoreQueryCache(): Promise<void> {
  await persistQueryClientRestore(persistOptions)
  persistQueryClientSubscribe(persistOptions)
}

/** Logout: nothing of one account may be shown to the next (D15). */
export async function clearQueryCache(): Promise<void> {
  queryClient.clear()
  await persister.removeClient()
}

/** Probing a server that stopped answering: soon at first, then every 30 s at most. */
const PROBE_FIRST_MS = 2_000
const PROBE_MAX_MS = 30_000

/**
 * Issue 7: a "server down" warning clears by itself. While the server does not answer, a
 * cheap call (`probe`) checks it with a growing pause; the moment any call gets an answer,
 * the screens' failed refreshes run again, with no reload.
 */
export function retryWhenServerAnswers(probe: () => Promise<unknown>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let delay = PROBE_FIRST_MS
  const schedule = () => {
    timer = setTimeout(() => {
      delay = Math.min(delay * 2, PROBE_MAX_MS)
      probe().catch(() => {})
      schedule()
    }, delay)
  }
  return onReachabilityChange((reachable) => {
    clearTimeout(timer)
    if (!reachable) {
      delay = PROBE_FIRST_MS
      schedule()
      return
    }
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' })
  })
}
