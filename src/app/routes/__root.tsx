import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { SessionSource } from '../session.tsx'
import { RouteError } from '../layout/route-error.tsx'

export interface RouterContext {
  session: SessionSource
  /**
   * The query cache, when the caller brings its own (the build's pre-render draws with one
   * that fetches nothing). Otherwise the signed-in layout loads the app's (P53): the login
   * page has no queries.
   */
  queryClient?: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
})
