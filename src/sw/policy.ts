/**
 * What the service worker does with a request, as pure functions of the URL so they can be
 * unit-tested without a worker. API data is never cached here: it lives in IndexedDB,
 * written by the app (D15), and answers carry personal data (the server sends no-store).
 */

/** Paths that belong to the servers, never to the app shell (/dev/: the demo's pages, such as its e-mail outbox). */
export const SERVER_PATHS: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/drive(\/|$)/,
  /^\/(healthz|readyz|metrics)(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/sw\.js$/,
]

export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((pattern) => pattern.test(pathname))
}

/** Request destinations served stale-while-revalidate when not precached. */
const STATIC_DESTINATIONS: ReadonlySet<string> = new Set(['script', 'style', 'font', 'manifest', 'worker'])

export type RuntimeStrategy = 'images' | 'static' | 'practiceAudio' | 'network'

/**
 * The practice area's audio files (issue 10): cache-first, whatever asked for them
 * (the player's Range requests, the app's whole-file fetch that fills the cache).
 */
const PRACTICE_AUDIO = /^\/media\/pratica\//

/** At most this many bytes of practice audio stay on the device; the oldest go first. */
export const PRACTICE_AUDIO_BUDGET_BYTES = 30 * 1024 * 1024
/** And none older than this. */
export const PRACTICE_AUDIO_MAX_AGE_SECONDS = 60 * 24 * 60 * 60

/**
 * The cached files to drop so the rest fit `budget` bytes: the oldest first (`entries` in the
 * order they were cached), never the one just stored (`keep`) unless it alone is over.
 */
export function overBudget(entries: readonly { url: string; size: number }[], budget: number, keep?: string): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.size, 0)
  const drop: string[] = []
  for (const entry of entries) {
    if (total <= budget) break
    if (entry.url === keep && entries.length > 1) continue
    drop.push(entry.url)
    total -= entry.size
  }
  return drop
}

/**
 * The runtime cache for a GET the precache did not answer: same-origin images cache-first,
 * other same-origin static files stale-while-revalidate, anything else straight to the
 * network (API, drive, other origins, navigations — those go to the NavigationRoute).
 */
export function runtimeStrategyFor(url: URL, destination: string, origin: string): RuntimeStrategy {
  if (url.origin !== origin || isServerPath(url.pathname)) return 'network'
  if (PRACTICE_AUDIO.test(url.pathname)) return 'practiceAudio'
  if (destination === 'image') return 'images'
  if (STATIC_DESTINATIONS.has(destination)) return 'static'
  return 'network'
}

/** The message the page posts when the user accepts an update (STYLE.md "Service worker"). */
export const SKIP_WAITING = 'SKIP_WAITING'

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING
}
