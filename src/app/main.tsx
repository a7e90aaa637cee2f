import '../ui/styles.css'
import './app.css'
import '../i18n/index.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { api } from '../api/api.ts'
import { refreshRuntimeConfig, runtimeConfig } from '../api/runtime-config.ts'
import { BrandProvider } from './brand-context.tsx'
import { applyBrand, brandFromHostname } from './brand.ts'
import { initMonitoring } from './monitoring.ts'
import { PwaUi } from './pwa/pwa-ui.tsx'
import { startPwa } from './pwa/start.ts'
import { queryClient, restoreQueryCache } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { createSessionActor, SessionProvider } from './session.tsx'

const brand = brandFromHostname(window.location.hostname)
applyBrand(brand, document)
// Install prompt captured from the start; the service worker registers after the first screen.
startPwa()

// Before the first render: the kept user must be there when the session starts.
await restoreQueryCache()

// The session navigates through the router and the router reads the session: the closures
// below run only after `session.start()`, when `router` exists.
const session = createSessionActor({
  navigate: (to) => void router.navigate({ to, replace: true }),
  currentPath: () => router.state.location.pathname,
})
const router = createAppRouter(session)
session.start()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrandProvider brand={brand}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider actor={session}>
          <RouterProvider router={router} />
          <PwaUi />
        </SessionProvider>
      </QueryClientProvider>
    </BrandProvider>
  </StrictMode>,
)

// Settings and monitoring after the first screen: neither may delay it (D20, D22).
void refreshRuntimeConfig(api).then((config) => {
  const settings = config ?? runtimeConfig()
  if (settings?.sentry_dsn) void initMonitoring({ dsn: settings.sentry_dsn, environment: import.meta.env.MODE, release: import.meta.env.VITE_RELEASE })
})
