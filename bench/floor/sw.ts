// The floor page's worker: Workbox's precache of the build, nothing else.
import { precacheAndRoute } from 'workbox-precaching'

declare const self: { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }
precacheAndRoute(self.__WB_MANIFEST)
