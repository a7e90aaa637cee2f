/**
 * Service-worker registration and the "new version" state (SPEC §1: a worker at the site
 * root; STYLE.md: the user decides when an update is applied).
 *
 * registerServiceWorker() registers /sw.js once the first screen has settled, watches for a new
 * worker that finished installing while this page is controlled by the old one (a new
 * deployment) and publishes it through a tiny external store that React reads with
 * useSyncExternalStore (useUpdateState). applyUpdate() — only after the user confirmed —
 * asks that worker to take over and reloads once when it has.
 */
import { useSyncExternalStore } from 'react'
import { afterFirstScreen } from '../../ui/after-first-screen.tsx'

export const SW_URL = '/sw.js'
export const SW_SCOPE = '/'
/** How often an open portal asks the server for a new worker (besides on every return to the tab). */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000
/** "Depois" hides the banner for the rest of this tab's session (survives reloads). */
const DISMISSED_KEY = 'pwa-update-dismissed'
const APPLY_TIMEOUT_MS = 10_000

export interface UpdateState {
  /** The installed worker of a new deployment, waiting for the user; null when none. */
  waiting: ServiceWorker | null
  /** The user chose "Depois" for this session. */
  dismissed: boolean
  /** The user accepted: the new worker is taking over and the page will reload. */
  applying: boolean
}

type Listener = () => void

let state: UpdateState = { waiting: null, dismissed: readDismissed(), applying: false }
const listeners = new Set<Listener>()

function setState(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot(): UpdateState {
    return state
  },
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, updateStore.getSnapshot)
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

function readDismissed(): boolean {
  return session()?.getItem(DISMISSED_KEY) === '1'
}

/** "Depois": keep working on the current version; the banner stays hidden this session. */
export function dismissUpdate(): void {
  session()?.setItem(DISMISSED_KEY, '1')
  setState({ dismissed: true })
}

/**
 * A worker is a real update only when this page already has a controller: on the very
 * first visit the first worker installs and simply takes over (nothing to announce).
 */
function offerWaiting(worker: ServiceWorker, isNewDeployment: boolean): void {
  if (!navigator.serviceWorker.controller) return
  if (state.waiting === worker) return
  // A deployment found while the portal is open is news even after an earlier "Depois".
  if (isNewDeployment) session()?.removeItem(DISMISSED_KEY)
  setState({ waiting: worker, dismissed: isNewDeployment ? false : state.dismissed })
  worker.addEventListener('statechange', () => {
    // Superseded by an even newer worker (which will be offered in turn) or thrown away.
    if (worker.state === 'redundant' && state.waiting === worker) setState({ waiting: null })
  })
}

/** Follows a registration: the worker already waiting now, and any found later. */
export function watchRegistration(registration: ServiceWorkerRegistration): void {
  if (registration.waiting) offerWaiting(registration.waiting, false)
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return
    const check = () => {
      if (worker.state === 'installed') offerWaiting(worker, true)
    }
    check()
    worker.addEventListener('statechange', check)
  }
  track(registration.installing)
  registration.addEventListener('updatefound', () => track(registration.installing))
}

let reloading = false

/**
 * The user accepted the update: the waiting worker takes over (SKIP_WAITING) and the page
 * reloads once, on the controller change that follows. The listener exists only after this
 * explicit choice, so the first install's clients.claim() never reloads anything, and the
 * `reloading` flag stops a second change from reloading twice.
 */
export function applyUpdate(reloadPage: () => void = () => window.location.reload()): void {
  const worker = state.waiting
  if (!worker || state.applying) return
  setState({ applying: true })
  const reload = () => {
    if (reloading) return
    reloading = true
    reloadPage()
  }
  // Another tab may already have switched to it: nothing to wait for.
  if (worker.state === 'activating' || worker.state === 'activated') {
    reload()
    return
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
  worker.postMessage({ type: 'SKIP_WAITING' })
  // Should the switch not happen (the worker was thrown away meanwhile), let the user retry.
  setTimeout(() => {
    if (!reloading) setState({ applying: false })
  }, APPLY_TIMEOUT_MS)
}

/** Asks the server for a new worker; offline or a hiccup is not worth a message. */
async function checkForUpdate(registration: ServiceWorkerRegistration): Promise<void> {
  if (!navigator.onLine) return
  try {
    await registration.update()
  } catch {
    // The next check (interval or return to the tab) tries again.
  }
}

/** How long no resource may finish before the first screen counts as settled. */
const SETTLED_QUIET_MS = 1500
/** The latest the registration waits after load: a hanging request must not hold it off. */
const SETTLED_CAP_MS = 10_000

/**
 * Runs `task` once the first screen has settled: after load, when no resource (a chunk, an
 * API answer) has finished for SETTLED_QUIET_MS and the browser is idle; at the latest
 * SETTLED_CAP_MS after load. The worker's install downloads and stores every file of the
 * app: run beside the first screen it takes the CPU and the line from it, for a student who
 * is not waiting for it. The pre-rendered shell loads before the app has fetched
 * anything, so `load` alone does not say the screen is done.
 */
export function afterFirstScreenSettles(task: () => void): void {
  afterFirstScreen(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined
    let observer: PerformanceObserver | undefined
    const settle = () => {
      clearTimeout(quiet)
      clearTimeout(cap)
      observer?.disconnect()
      afterFirstScreen(task)
    }
    const cap = setTimeout(settle, SETTLED_CAP_MS)
    const restartQuiet = () => {
      clearTimeout(quiet)
      quiet = setTimeout(settle, SETTLED_QUIET_MS)
    }
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      observer = new PerformanceObserver(restartQuiet)
      observer.observe({ type: 'resource' })
    }
    restartQuiet()
  })
}

let started = false

/**
 * Registers /sw.js (scope /) once the first screen has settled (its data in, the line quiet:
 * the install downloads every file of the app), in production builds only (`vite`
 * dev mode has no worker). Returns a promise of the registration (null when unsupported,
 * in dev, or when registering failed: the portal works online without a worker).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(null)
  started = true
  return new Promise((resolve) => {
    afterFirstScreenSettles(() => {
      navigator.serviceWorker
        .register(SW_URL, { scope: SW_SCOPE })
        .then((registration) => {
          watchRegistration(registration)
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') void checkForUpdate(registration)
          })
          setInterval(() => {
            if (document.visibilityState === 'visible') void checkForUpdate(registration)
          }, UPDATE_CHECK_INTERVAL_MS)
          resolve(registration)
        })
        .catch((error: unknown) => {
          console.warn('Service worker registration failed', error)
          resolve(null)
        })
    })
  })
}
