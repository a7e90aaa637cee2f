import { onlineManager, QueryClient } from '@tanstack/react-query'
import { onReachabilityChange } from '../lib/reachability.ts'

// TanStack Query assumes "online" until an event says otherwise; a page reloaded on a bus
// with no signal gets no event, so start from what the browser knows.
// Node 21+ has a `navigator` without `onLine` (the build's pre-render runs there): only a browser's answer counts.
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine)

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Kept in memory for the whole visit, never on the device: the offline entities live in
      // Dexie and the kept user in its own record, so no cache is parsed at start.
      gcTime: Number.POSITIVE_INFINITY,
      staleTime: 30_000,
      // Flaky mobile data: retry a little, but never on a 4xx that will not change.
      retry: (failureCount, error) =>
        failureCount < 2 && !(typeof error === 'object' && error && 'status' in error && Number(error.status) < 500),
      networkMode: 'offlineFirst',
    },
  },
})

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
