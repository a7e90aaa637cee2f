import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { shellKindForPath } from '../../contract/shell-file.ts'
import { loadScreenTexts } from '../../i18n/index.ts'
import type { SessionSource } from '../session.tsx'
import { RouteError } from '../layout/route-error.tsx'

export interface RouterContext {
  session: SessionSource
  /**
   * The query cache, when the caller brings its own (the build's pre-render draws with one
   * that fetches nothing). Otherwise the signed-in layout loads the app's: the login
   * page has no queries.
   */
  queryClient?: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The public pages (login, a referral link) draw with the entry's texts and their own; every
  // signed-in screen waits for the screens' texts, loaded once: a screen reached from the login
  // page is never drawn with raw keys.
  beforeLoad: async ({ location }) => {
    if (shellKindForPath(location.pathname) === 'app') await loadScreenTexts().catch(() => undefined)
  },
  component: Outlet,
  errorComponent: RouteError,
})
