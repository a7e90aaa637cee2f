/// <reference lib="webworker" />
/**
 * The portal's service worker (DESIGN.md, STYLE.md "Service worker"), built by
 * vite-plugin-pwa (injectManifest) to /sw.js, scope /.
 *
 * - Precache: the app shell, every route chunk and stylesheet, icons and both brands'
 *   manifests (vite.config.ts globPatterns), so after one online visit a reload of any
 *   route works with no connection.
 * - Navigations: every page request is answered with the precached shell the server would
 *   send (issue 7 item 2, src/contract/shell-file.ts): the pre-rendered login screen on /login
 *   paths, the signed-in frame elsewhere, of the host's brand (D5); the router then decides
 *   what to show. Server paths (/api/, /drive/, /healthz, /sw.js) are left alone (policy.ts).
 * - Runtime: practice audio cache-first within a 30 MB budget; same-origin images
 *   cache-first with an expiry; other same-origin static files
 *   that were not precached stale-while-revalidate. API and drive answers are never cached
 *   here (D15: the app keeps its data in IndexedDB).
 * - Updates: a new worker waits until the user accepts ("Atualizar" posts SKIP_WAITING);
 *   nobody's open screen is replaced behind their back.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim, type RouteHandlerCallback, type WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { brandShellHtml } from '../contract/brand-host.ts'
import { shellFileFor } from '../contract/shell-file.ts'
import {
  isSkipWaitingMessage,
  overBudget,
  PRACTICE_AUDIO_BUDGET_BYTES,
  PRACTICE_AUDIO_MAX_AGE_SECONDS,
  runtimeStrategyFor,
  SERVER_PATHS,
} from './policy.ts'
import './outbox-sync.ts'
import './push.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

/** index.html branded for this host: the fallback of a build without pre-rendered shells. */
const brandedIndex: RouteHandlerCallback = async (options) => {
  const response = await createHandlerBoundToURL('/index.html')(options)
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  return new Response(brandShellHtml(await response.text(), self.location.hostname), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

const shellHandlers = new Map<string, RouteHandlerCallback>()

/** The precached shell for a page URL, the same file the server sends (src/contract/shell-file.ts). */
function shellHandler(url: URL): RouteHandlerCallback {
  const file = `/${shellFileFor(url.pathname, self.location.hostname)}`
  let handler = shellHandlers.get(file)
  if (!handler) {
    try {
      handler = createHandlerBoundToURL(file)
    } catch {
      handler = brandedIndex // not precached: a build without pre-rendered shells
    }
    shellHandlers.set(file, handler)
  }
  return handler
}

registerRoute(new NavigationRoute((options) => shellHandler(options.url)(options), { denylist: [...SERVER_PATHS] }))

/** Practice audio within its byte budget: Workbox's expiration counts entries, not bytes. */
const practiceAudioBudget: WorkboxPlugin = {
  cacheDidUpdate: async ({ cacheName, request }) => {
    const cache = await caches.open(cacheName)
    const entries = await Promise.all(
      (await cache.keys()).map(async (key) => {
        const response = await cache.match(key)
        const size = Number(response?.headers.get('Content-Length')) || (await response?.clone().blob())?.size || 0
        return { url: key.url, size }
      }),
    )
    for (const url of overBudget(entries, PRACTICE_AUDIO_BUDGET_BYTES, request.url)) await cache.delete(url)
  },
}

// Practice audio (issue 10): kept whole (200 only) once the app fetched it; the
// player's Range requests are answered from that copy, offline too.
registerRoute(
  ({ url, request }) => runtimeStrategyFor(url, request.destination, self.location.origin) === 'practiceAudio',
  new CacheFirst({
    cacheName: 'pratica-audio',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxAgeSeconds: PRACTICE_AUDIO_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      practiceAudioBudget,
    ],
  }),
)

registerRoute(
  ({ url, request }) => runtimeStrategyFor(url, request.destination, self.location.origin) === 'images',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
)

registerRoute(
  ({ url, request }) => runtimeStrategyFor(url, request.destination, self.location.origin) === 'static',
  new StaleWhileRevalidate({
    cacheName: 'static',
    plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
)

// The first install takes the open tab at once, so the very first visit already works
// offline; later versions wait for the user (no skipWaiting on install).
clientsClaim()

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting()
})
