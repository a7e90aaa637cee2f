/**
 * What the service worker does with a request, as pure functions of the URL so they can be
 * unit-tested without a worker. API data is never cached here: it lives in IndexedDB,
 * written by the app (D15), and answers carry personal data (the server sends no-store).
 */

/** Paths that belong to the servers, never to the app shell (/dev/: the demo's outbox page, P55). */
export const SERVER_PATHS: readonly RegExp[] = [/^\/api(\/|$)/, /^\/drive(\/|$)/, /^\/healthz(\/|$)/, /^\/dev(\/|$)/, /^\/sw\.js$/]

export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((pattern) => pattern.test(pathname))
}

/** Request destinations served stale-while-revalidate when not precached. */
const STATIC_DESTINATIONS: ReadonlySet<string> = new Set(['script', 'style', 'font', 'manifest', 'worker'])

export type RuntimeStrategy = 'images' | 'static' | 'network'

/**
 * The runtime cache for a GET the precache did not answer: same-origin images cache-first,
 * other same-origin static files stale-while-revalidate, anything else straight to the
 * network (API, drive, other origins, navigations — those go to the NavigationRoute).
 */
export function runtimeStrategyFor(url: URL, destination: string, origin: string): RuntimeStrategy {
  if (url.origin !== origin || isServerPath(url.pathname)) return 'network'
  if (destination === 'image') return 'images'
  if (STATIC_DESTINATIONS.has(destination)) return 'static'
  return 'network'
}

/** The message the page posts when the user accepts an update (STYLE.md "Service worker"). */
export const SKIP_WAITING = 'SKIP_WAITING'

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING
}
