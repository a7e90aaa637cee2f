import type { QueryClient } from '@tanstack/react-query'

/**
 * How long React's first commit may wait for the screen's first answers. Meanwhile the
 * pre-rendered screen (frame and skeletons) is on screen and keeps what is typed or tapped.
 */
export const FIRST_ANSWERS_WAIT_MS = 1_000

/**
 * Resolves once no query the route's loaders started is still waiting for its first answer
 * (the data a sync shows as it arrives, or an error), or after `ms`. On a first visit the
 * shell asked for the screen's data before any script ran, so the answer is usually there
 * when the route has loaded: React's first commit draws the data instead of a skeleton that
 * a second render replaces, and what waits for the first screen (the device database, the
 * session's machine, the frame's later parts) starts after the screen's largest paint
 * instead of queueing before it (issue 37).
 */
export function firstAnswers(queryClient: QueryClient, ms = FIRST_ANSWERS_WAIT_MS): Promise<void> {
  const cache = queryClient.getQueryCache()
  const waiting = () => cache.getAll().some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'fetching')
  if (!waiting()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, ms)
    const unsubscribe = cache.subscribe(() => {
      if (!waiting()) done()
    })
  })
}
