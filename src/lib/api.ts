import { createApiClient } from './client.ts'
import { getStoredToken } from './local-store.ts'
import { reportReachability } from './reachability.ts'
import { driveBaseUrl } from './runtime-config.ts'

/** Portal base URL; the same origin by default, another backend when built with VITE_PORTAL_API_URL (D1). */
export const PORTAL_BASE_URL: string = import.meta.env.VITE_PORTAL_API_URL ?? '/api/v1'

interface ApiEventHandlers {
  /** Told the 401's body: an ended session says so on the login screen. */
  onUnauthorized: (body: unknown) => void
  onMethodNotAllowed: () => void
}

const handlers: ApiEventHandlers = { onUnauthorized: () => {}, onMethodNotAllowed: () => {} }

/** The app decides what a 401 or a 405 means for the user (the client does no UI work). */
export function setApiEventHandlers(next: ApiEventHandlers): void {
  Object.assign(handlers, next)
}

/** The one client every feature calls the contract through. */
export const api = createApiClient({
  portalBaseUrl: PORTAL_BASE_URL,
  driveBaseUrl,
  getToken: getStoredToken,
  onUnauthorized: (body) => handlers.onUnauthorized(body),
  onMethodNotAllowed: () => handlers.onMethodNotAllowed(),
  onReachability: reportReachability,
})
