import type { CurrentUser } from '../contract/schemas/user.ts'

/** D6: the school whose students are sent from a local host to the production site. */
export const PRODUCTION_REDIRECT_ESCOLA_ID = 1

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * D6 "a local host with school id 1 is redirected to the production site": the address to
 * navigate to, or null. Off unless the server's configuration names a production URL
 * (`PRODUCTION_URL`, served by GET /config/). The path and query are kept, so a link into
 * the portal lands on the same screen there.
 */
export function productionRedirectTarget(
  location: Pick<Location, 'hostname' | 'pathname' | 'search'>,
  user: Pick<CurrentUser, 'drive_user'> | null,
  productionUrl: string | null,
): string | null {
  if (!productionUrl || !user) return null
  if (!LOCAL_HOSTNAMES.has(location.hostname)) return null
  if (user.drive_user?.company.escola_id !== PRODUCTION_REDIRECT_ESCOLA_ID) return null
  let target: URL
  try {
    target = new URL(location.pathname + location.search, productionUrl)
  } catch {
    return null
  }
  // A production URL that is itself local would send the browser round in a loop.
  return LOCAL_HOSTNAMES.has(target.hostname) ? null : target.href
}
