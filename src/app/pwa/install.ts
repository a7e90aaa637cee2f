/**
 * Installing the portal as a web app (SPEC §1, §4 "Web-app install").
 *
 * The browser's `beforeinstallprompt` is captured (its mini-infobar suppressed) and kept
 * until the student presses "Instalar app"; promptInstall() shows the browser's dialog and
 * reports the outcome with PUT /users/pwa/: accepted → true, dismissed → false ("pwa_installed
 * is reported false if the prompt was offered"). An `appinstalled` (install from the
 * browser's own menu) reports true. Reporting needs a logged-in user: without a token the
 * outcome waits in memory and is sent after login; offline it is retried when the
 * connection returns. A failed report never reaches the student as an error.
 */
import { useSyncExternalStore } from 'react'
import { getStoredToken } from '../../lib/local-store.ts'
import type { CurrentUser } from '../../contract/schemas/user.ts'

export type InstallOutcome = 'accepted' | 'dismissed'

/** Chromium's event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown> | void
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>
}

export interface InstallState {
  /**
   * The app is not running installed and either the browser offered an install, or it is an
   * iPhone or iPad, where Safari has no install prompt: the student adds it to the home
   * screen from the share sheet (`manual`).
   */
  canInstall: boolean
  /** The install is the student's own steps (iOS: Compartilhar → Adicionar à Tela de Início). */
  manual: boolean
  /** The browser's install dialog is open. */
  prompting: boolean
}

export interface InstallDeps {
  /** Where the browser fires beforeinstallprompt, appinstalled and online (window). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'matchMedia'> & {
    navigator?: { standalone?: boolean; userAgent?: string; maxTouchPoints?: number }
  }
  /** PUT /users/pwa/. */
  report: (installed: boolean) => Promise<CurrentUser>
  /** Whether a user is logged in (a token is stored). */
  hasToken: () => boolean
}

export interface InstallController {
  subscribe(listener: () => void): () => void
  getSnapshot(): InstallState
  /** Shows the browser's install dialog; resolves with the outcome (null if nothing to show). */
  promptInstall(): Promise<InstallOutcome | null>
  /** Sends an outcome that waited for a login or a connection. */
  flushPending(): Promise<void>
  /** Called with the updated user after every successful report (the session keeps it). */
  setOnReported(callback: ((user: CurrentUser) => void) | null): void
  stop(): void
}

const STANDALONE_QUERY = '(display-mode: standalone)'

export function createInstallController(deps: InstallDeps): InstallController {
  const { target } = deps
  const listeners = new Set<() => void>()
  const standaloneQuery = target.matchMedia(STANDALONE_QUERY)
  let deferred: BeforeInstallPromptEvent | null = null
  let installed = false
  let prompting = false
  let snapshot: InstallState = { canInstall: false, manual: false, prompting: false }
  /** An outcome not yet on the server (no login yet, or offline). */
  let pending: boolean | null = null
  /** The last outcome the server accepted in this page (avoids reporting `true` twice). */
  let reported: boolean | null = null
  let onReported: ((user: CurrentUser) => void) | null = null

  const isStandalone = () => standaloneQuery.matches || target.navigator?.standalone === true
  const ios = isIos(target.navigator?.userAgent ?? '', target.navigator?.maxTouchPoints ?? 0)

  function emit(): void {
    const manual = deferred === null && ios
    const next = { canInstall: (deferred !== null || ios) && !installed && !isStandalone(), manual, prompting }
    if (next.canInstall === snapshot.canInstall && next.manual === snapshot.manual && next.prompting === snapshot.prompting) return
    snapshot = next
    for (const listener of listeners) listener()
  }

  async function reportOutcome(value: boolean): Promise<void> {
    if (!deps.hasToken()) {
      pending = value
      return
    }
    pending = null
    try {
      const user = await deps.report(value)
      reported = value
      onReported?.(user)
    } catch (error) {
      // Offline on the bus: try again when the connection returns. Any other failure (the
      // server refused it) is not the student's problem and is not retried.
      // By name, not `instanceof`: the client's module loads with the report, not with this listener.
      if (error instanceof Error && error.name === 'NetworkError' && pending === null) pending = value
    }
  }

  const onBeforeInstallPrompt = (event: Event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    emit()
  }
  const onAppInstalled = () => {
    installed = true
    deferred = null
    emit()
    if (reported !== true && pending !== true) void reportOutcome(true)
  }
  const onOnline = () => void flushPending()
  const onDisplayModeChange = () => emit()

  async function flushPending(): Promise<void> {
    if (pending === null || !deps.hasToken()) return
    await reportOutcome(pending)
  }

  async function promptInstall(): Promise<InstallOutcome | null> {
    const event = deferred
    if (!event || prompting) return null
    // An event can be prompted once: whatever happens, the button goes away.
    deferred = null
    prompting = true
    emit()
    let outcome: InstallOutcome
    try {
      await event.prompt()
      outcome = (await event.userChoice).outcome
    } catch {
      return null
    } finally {
      prompting = false
      emit()
    }
    await reportOutcome(outcome === 'accepted')
    return outcome
  }

  target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt)
  target.addEventListener('appinstalled', onAppInstalled)
  target.addEventListener('online', onOnline)
  standaloneQuery.addEventListener?.('change', onDisplayModeChange)
  emit()

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    promptInstall,
    flushPending,
    setOnReported(callback) {
      onReported = callback
    },
    stop() {
      target.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt)
      target.removeEventListener('appinstalled', onAppInstalled)
      target.removeEventListener('online', onOnline)
      standaloneQuery.removeEventListener?.('change', onDisplayModeChange)
    },
  }
}

/**
 * An iPhone, iPod or iPad, whatever its browser (since iOS 16.4 each adds to the home screen
 * from its share sheet, and none fires beforeinstallprompt). iPadOS asks for desktop sites
 * as a Mac: a "Macintosh" that takes touch is an iPad.
 */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
}

let controller: InstallController | null = null

/** The page's install controller; listening starts with the first call (startPwa, early). */
export function installController(): InstallController {
  controller ??= createInstallController({
    target: window as InstallDeps['target'],
    // The contract client loads when there is something to report: the listener starts with the
    // page, and the client's dozen chunks were preload links in the entry's task.
    report: async (installed) => {
      const [{ api }, { userEndpoints }] = await Promise.all([import('../../lib/api.ts'), import('../../contract/endpoints/users.ts')])
      return api.call(userEndpoints.updatePwa, { body: { pwa_installed: installed } })
    },
    hasToken: () => getStoredToken() !== null,
  })
  return controller
}

export function useInstallState(): InstallState {
  const install = installController()
  return useSyncExternalStore(install.subscribe, install.getSnapshot, install.getSnapshot)
}
