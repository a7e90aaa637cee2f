import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { SessionActor } from '../session.tsx'
import { RouteError } from '../layout/route-error.tsx'

export interface RouterContext {
  queryClient: QueryClient
  session: SessionActor
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
})
