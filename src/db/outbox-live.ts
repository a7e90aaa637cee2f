import { startTransition, useEffect, useState, type DependencyList } from 'react'
import type { liveQuery as LiveQuery } from 'dexie'
import type * as OutboxModule from './outbox.ts'

/**
 * Live reads of the outbox for the screens, loading Dexie and the outbox on first use (P53):
 * the drawer's badge costs the signed-in frame a few lines, not the database.
 */
export type Outbox = typeof OutboxModule

let loading: Promise<{ outbox: Outbox; liveQuery: typeof LiveQuery }> | null = null

export function loadOutbox() {
  loading ??= Promise.all([import('./outbox.ts'), import('dexie')]).then(
    ([outbox, dexie]) => ({ outbox, liveQuery: dexie.liveQuery }),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The app's sender and actions (queue, retry, remove, storage), loaded on first use like the rest. */
export function loadOutboxApp() {
  return import('./outbox-app.ts')
}

/** `read` as a live query over the outbox: undefined until its first answer, then every change (any tab, the worker). */
export function useOutboxQuery<T>(read: (outbox: Outbox) => Promise<T>, deps: DependencyList): T | undefined {
  const [result, setResult] = useState<{ value: T }>()
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined
    let stopped = false
    void loadOutbox().then(({ outbox, liveQuery }) => {
      if (stopped) return
      subscription = liveQuery(() => read(outbox)).subscribe({
        next: (value) => startTransition(() => setResult({ value })),
        // The outbox unreadable (private mode): nothing queued to show.
        error: (error: unknown) => console.warn('outbox', error),
      })
    })
    return () => {
      stopped = true
      subscription?.unsubscribe()
    }
    // `deps` says when `read` reads something else, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  return result?.value
}

/** Items of the user not yet sent (waiting, sending, refused): the drawer's badge. */
export function usePendingOutboxCount(userId: number | undefined): number {
  return useOutboxQuery((outbox) => (userId === undefined ? Promise.resolve(0) : outbox.pendingCount(userId)), [userId]) ?? 0
}
