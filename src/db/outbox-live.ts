import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react'
import type { liveQuery as LiveQuery } from 'dexie'
import type * as OutboxModule from './outbox.ts'
import { untilFirstScreenWhenOnline } from '../ui/after-first-screen.tsx'

/**
 * Live reads of the outbox for the screens, loading Dexie and the outbox on first use:
 * the drawer's badge costs the signed-in frame a few lines, not the database.
 */
export type Outbox = typeof OutboxModule

let loading: Promise<{ outbox: Outbox; liveQuery: typeof LiveQuery }> | null = null

export function loadOutbox() {
  // Online after the first screen is shown, like the device database (db/local.ts): the
  // frame's badge counts from the first commit, and Dexie's code and the outbox's chunk
  // requested there queued before the screen's largest paint. Offline at once.
  loading ??= untilFirstScreenWhenOnline()
    .then(() => Promise.all([import('./outbox.ts'), import('dexie')]))
    .then(
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

/**
 * `next`, keeping the previous answer, or each previous item of a list, wherever it is equal
 * (outbox answers are plain JSON-like rows). TanStack Query's `replaceEqualDeep` does the same
 * but importing it here splits query-core into a chunk of its own on every signed-in route.
 */
export function shareUnchanged<T>(previous: T | undefined, next: T): T {
  if (previous === undefined) return next
  if (!Array.isArray(previous) || !Array.isArray(next)) return JSON.stringify(previous) === JSON.stringify(next) ? previous : next
  const before = new Map(previous.map((item: unknown) => [JSON.stringify(item), item]))
  const shared = next.map((item: unknown) => before.get(JSON.stringify(item)) ?? item)
  return shared.length === previous.length && shared.every((item, i) => item === previous[i]) ? previous : (shared as T)
}

/**
 * A burst of sends changes the outbox a few times per file (taken, progress, confirmed): the
 * screens draw its state at most this often, so drawing never competes with the uploads;
 * a student sees each change within a tenth of a second.
 */
const REDRAW_EVERY_MS = 100

export interface OutboxQuery<T> {
  /** Undefined until the first answer (and while the outbox cannot be read). */
  data: T | undefined
  /** The outbox could not be read (IndexedDB refused: private mode, storage blocked). */
  error: Error | null
  /** Reads again after an error. */
  retry: () => void
}

/**
 * `read` as a live query over the outbox: every change (any tab, the worker) answers again.
 * Answers share structure with the previous one (`shareUnchanged`): an item that did not
 * change keeps its identity and an unchanged answer re-renders nothing, so a burst of sends
 * (three writes per item) redraws only the rows that moved.
 */
export function useOutboxQuery<T>(read: (outbox: Outbox) => Promise<T>, deps: DependencyList): OutboxQuery<T> {
  const [state, setState] = useState<{ data: T | undefined; error: Error | null }>({ data: undefined, error: null })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined
    let stopped = false
    let redraw: ReturnType<typeof setTimeout> | undefined
    let latest: { value: T } | undefined
    const fail = (error: unknown) => {
      if (!stopped) setState((previous) => ({ data: previous.data, error: error instanceof Error ? error : new Error(String(error)) }))
    }
    loadOutbox()
      // Opened first: a live query over a database that failed to open waits for it
      // silently (Dexie treats it as closed), which would leave the screen loading forever.
      .then(async (loaded) => {
        await loaded.outbox.outboxDb.open()
        return loaded
      })
      .then(({ outbox, liveQuery }) => {
        if (stopped) return
        const show = (value: T) =>
          startTransition(() =>
            setState((previous) => {
              const data = shareUnchanged(previous.data, value)
              return data === previous.data && previous.error === null ? previous : { data, error: null }
            }),
          )
        let first = true
        subscription = liveQuery(() => read(outbox)).subscribe({
          next: (value) => {
            // The first answer at once; later ones at most every REDRAW_EVERY_MS, the last kept.
            if (first) {
              first = false
              show(value)
              return
            }
            latest = { value }
            redraw ??= setTimeout(() => {
              redraw = undefined
              if (latest) show(latest.value)
            }, REDRAW_EVERY_MS)
          },
          error: fail,
        })
      }, fail)
    return () => {
      stopped = true
      clearTimeout(redraw)
      subscription?.unsubscribe()
    }
    // `deps` says when `read` reads something else, as with useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt])
  const retry = useCallback(() => {
    setState((previous) => ({ data: previous.data, error: null }))
    setAttempt((count) => count + 1)
  }, [])
  return { ...state, retry }
}

/** Items of the user waiting to be sent (waiting, sending; never refused ones): the drawer's badge. */
export function usePendingOutboxCount(userId: number | undefined): number {
  return useOutboxQuery((outbox) => (userId === undefined ? Promise.resolve(0) : outbox.pendingCount(userId)), [userId]).data ?? 0
}
