/**
 * A travel-campaign code opened while logged out (D27): the printed URL on a phone
 * goes to the login first; the path is kept on the device and the login continues there,
 * so the scan is not lost. Only campaign codes are kept (any other page still lands on the
 * dashboard, SPEC §4), for a day at most, and taken once.
 */
const KEY = 'portal-scan-after-login'
const MAX_AGE_MS = 24 * 3600 * 1000
const SCAN_PATH = /^\/at-home\/scanear-qr-code\/[^/?#]+\/[^/?#]+\/?$/

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** Keeps `href` (path + search) when it is a campaign code's URL. */
export function rememberAfterLogin(href: string, now = Date.now()): void {
  const path = href.split(/[?#]/, 1)[0] ?? ''
  if (!SCAN_PATH.test(path)) return
  try {
    storage()?.setItem(KEY, JSON.stringify({ path, at: now }))
  } catch {
    // Storage refused: the student scans the code again after the login.
  }
}

/** The kept path, removed as it is read; null when none or older than a day. */
export function takeAfterLogin(now = Date.now()): string | null {
  const store = storage()
  const raw = store?.getItem(KEY)
  if (!raw) return null
  store?.removeItem(KEY)
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown }
    return typeof path === 'string' && SCAN_PATH.test(path) && typeof at === 'number' && now - at < MAX_AGE_MS ? path : null
  } catch {
    return null
  }
}
