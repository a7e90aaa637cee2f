import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { shellKindForPath } from '../../contract/shell-file.ts'
import { drawsWithFrameTexts, loadScreenTexts } from '../../i18n/index.ts'
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
  // The home screen draws with its own texts (main.tsx), the public pages (login, a referral
  // link) with the entry's and their own;
  // every other screen waits for all the screens' texts, loaded once: a redirect from
  // the home screen or a link from it is never drawn with raw keys.
  beforeLoad: async ({ location }) => {
    if (!drawsWithFrameTexts(location.pathname) && shellKindForPath(location.pathname) === 'app')
      await loadScreenTexts().catch(() => undefined)
  },
  component: Outlet,
  errorComponent: RouteError,
})
