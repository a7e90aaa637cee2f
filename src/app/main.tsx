import '../ui/styles.css'
import './app.css'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, Suspense, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import './boot-step.ts'
import type { QueryClient } from '@tanstack/react-query'
import { earlyAnswersAreFull } from '../contract/early-answers.ts'
import { shellKindForPath } from '../contract/shell-file.ts'
import { loadScreenTexts } from '../i18n/index.ts'
import './boot-step-2.ts'
import { yieldToBrowser } from '../lib/yield-to-browser.ts'
import { AfterFirstScreen, afterFirstScreen, firstScreenDrawn, holdUntilFirstScreen, whenShown } from '../ui/after-first-screen.tsx'
import { BrandProvider } from './brand-context.tsx'
import { applyBrand, brandFromHostname } from './brand.ts'
import { lazyWhenOnline, loadWhenOnline } from './pwa/load-when-online.ts'
import { keepEarlyInput } from './early-input.ts'
import { firstAnswers } from './first-answers.ts'
import { createAppRouter } from './router.tsx'
import { createSession, SessionProvider } from './session.tsx'

// The update banner and install button are not part of any first screen (issue 7 item 3).
// Out of the page while its code cannot load. They draw with their texts or not at all: a
// text added after the first render is not drawn again (the login loads them after its
// first screen, and the button's code could arrive first and show its keys).
const PwaUi = lazyWhenOnline(() => Promise.all([import('./pwa/pwa-ui.tsx'), loadScreenTexts()]).then(([ui]) => ui), 'PwaUi')

const brand = brandFromHostname(window.location.hostname)
applyBrand(brand, document)
const container = document.getElementById('root')!
// The pre-rendered screen took typing and taps before this code ran: kept for React's first commit (issue 37).
const early = keepEarlyInput(container)
// What waits for the first screen (the device database, the session's machine) waits from
// here; `drawn` is called in React's first commit, below.
const drawn = holdUntilFirstScreen()
// The modules above were evaluated in three tasks (boot-step.ts); the install prompt's
// listener gets the next, the session the one after (issue 7 TBT: a dynamic import sets up
// its chunks' preloads, milliseconds of main thread on a phone).
await yieldToBrowser()
// Install prompt captured from the start; the service worker registers after the first screen.
// A first visit that loses the signal before this chunk arrives registers it once back online.
void loadWhenOnline(() => import('./pwa/start.ts')).then(({ startPwa }) => startPwa())
await yieldToBrowser()

// The session's input (token, kept user) is read here, synchronously; its machine loads
// when the first screen needs it or after it is drawn (Session.start). The session
// navigates through the router and the router reads the session: the closures below run
// only once the machine runs, when `router` exists.
const session = createSession({
  navigate: (to) => void router.navigate({ to, replace: true }),
  currentPath: () => router.state.location.pathname,
})
// The session's set-up with the browser history's, the router's (its route tree) and the
// session's start (it may load its machine, a dozen preload links) take a task each (issue 7 TBT).
const history = createBrowserHistory()
await yieldToBrowser()
const router = createAppRouter(session, history)
await yieldToBrowser()
session.start(firstScreenDrawn())

// The screens' texts (one small precached chunk): a signed-in route waits for them, the public
// pages (login, a referral link) for none, loading them after their first screen.
if (shellKindForPath(window.location.pathname) === 'app') await loadScreenTexts().catch(() => undefined)
else afterFirstScreen(() => void loadScreenTexts())

// The shell HTML already shows this route's first screen (pre-rendered, scripts/prerender.ts).
// React takes over only once the route has loaded (guards, lazy chunks), so its first
// commit replaces that markup with the same layout instead of an empty pending state. A
// failed load still renders: the router shows its error screen. A link the student tapped on
// the pre-rendered frame meanwhile is the route loaded (the frame already marks it current).
const tappedEarly = early.navigation()
if (tappedEarly) history.push(tappedEarly)
await router.load().catch(() => undefined)
// A first visit online: the shell asked for the screen's data with nothing on the device, so
// the first commit draws its answer (first-answers.ts). A visit with the device's copy draws
// that copy, which loads after the first screen: it does not wait.
if (earlyAnswersAreFull()) {
  const queryClient = router.state.matches.map((match) => (match.context as { queryClient?: QueryClient }).queryClient).find(Boolean)
  if (queryClient) await firstAnswers(queryClient)
}

/** Runs in the task of React's first commit, before the browser paints it. */
function OnFirstCommit({ run }: { run: () => void }) {
  useLayoutEffect(run, [run])
  return null
}

// One commit swaps the pre-rendered markup for React's; then what the student typed or
// tapped meanwhile is handed over and the placeholders' styling (scripts/prerender.ts) goes. A transition: React renders the
// tree in slices of a few milliseconds, the page stays responsive meanwhile (no long task,
// issue 7 TBT) and still shows the pre-rendered screen until that one commit.
const tookOver = () => {
  const { navigateTo } = early.handOver()
  container.removeAttribute('data-prerendered')
  // The referral page's shell is inert until here (scripts/prerender.ts).
  container.removeAttribute('inert')
  // Once the browser has shown this commit: what waits for the first screen (Dexie, the
  // session's machine, the frame's later parts) loads and runs after the screen's largest
  // paint, not between the commit and that paint (on a phone their evaluation delayed it by
  // hundreds of ms).
  whenShown(drawn)
  afterFirstScreen(startSettingsAndMonitoring)
  // A link tapped after the route above had loaded.
  if (navigateTo && navigateTo !== tappedEarly) void router.navigate({ to: navigateTo })
}
const root = createRoot(container)
startTransition(() =>
  root.render(
    <StrictMode>
      <BrandProvider brand={brand}>
        <SessionProvider actor={session}>
          <RouterProvider router={router} />
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <PwaUi openLink={(to) => void router.navigate({ to })} />
            </Suspense>
          </AfterFirstScreen>
        </SessionProvider>
      </BrandProvider>
      <OnFirstCommit run={tookOver} />
    </StrictMode>,
  ),
)

// Settings and monitoring after the first screen, from its commit on: neither may delay it
// (D20, D22), nor does their code (the contract client, the monitoring rules) travel with it,
// nor do their requests queue before the screen's largest paint (issue 37: a phone on slow 4G
// pays for every request that starts before it).
function startSettingsAndMonitoring() {
  void Promise.all([import('../lib/api.ts'), import('../lib/runtime-config.ts'), import('./monitoring.ts')]).then(
    async ([{ api }, { refreshRuntimeConfig, runtimeConfig }, { initMonitoring }]) => {
      const settings = (await refreshRuntimeConfig(api)) ?? runtimeConfig()
      if (settings?.sentry_dsn)
        void initMonitoring({ dsn: settings.sentry_dsn, environment: import.meta.env.MODE, release: import.meta.env.VITE_RELEASE })
    },
  )
}
