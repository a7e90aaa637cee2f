import { createRouter } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen.ts'
import type { SessionSource } from './session.tsx'

export function createAppRouter(session: SessionSource) {
  return createRouter({
    routeTree,
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
