import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen.ts'
import type { SessionSource } from './session.tsx'

/** `history` may be made a task earlier (main.tsx): with the route tree's processing, one long task on a phone. */
export function createAppRouter(session: SessionSource, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { session },
    defaultPreload: 'intent',
    // Data lives in TanStack Query (and Dexie); the router need not cache loader results.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** A word for the next screen about why it opened (a student sent away from /manager-panel). */
    notice?: string
  }
}
