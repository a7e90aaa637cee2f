import { createRouter } from '@tanstack/react-router'
import { queryClient } from './query-client.ts'
import { routeTree } from './route-tree.gen.ts'
import type { SessionActor } from './session.tsx'

export function createAppRouter(session: SessionActor) {
  return createRouter({
    routeTree,
    context: { queryClient, session },
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
