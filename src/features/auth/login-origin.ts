/**
 * A partner landing page's prospect id, coupon and company (D25): read from the login
 * page's URL (`/login/main?prospex=…&cupom=…&company=…`), kept in this tab's sessionStorage
 * so they survive the login step's own navigation (recover-password and back, the account
 * choice), sent with the password login (./login-origin-body.ts), forgotten once it gave a
 * token. No schema here: valibot stays off the login page's first bundle
 * (docs/start-and-speed.md, "No valibot before the login page's first screen").
 */
const KEY = 'portal-login-origin'
export const LOGIN_ORIGIN_FIELDS = ['prospex', 'cupom', 'company'] as const
export type LoginOrigin = Partial<Record<(typeof LOGIN_ORIGIN_FIELDS)[number], string>>

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null // storage disabled: the origin only lives in the URL
  }
}

/**
 * Keeps the origin a URL's query carries, trimmed, blanks dropped. A URL naming none of the
 * three leaves what the tab kept; one naming any replaces it.
 */
export function rememberLoginOrigin(search: string): void {
  const params = new URLSearchParams(search)
  if (!LOGIN_ORIGIN_FIELDS.some((field) => params.has(field))) return
  const origin: LoginOrigin = {}
  for (const field of LOGIN_ORIGIN_FIELDS) {
    const value = params.get(field)?.trim()
    if (value) origin[field] = value
  }
  try {
    session()?.setItem(KEY, JSON.stringify(origin))
  } catch {
    // Full or refused storage: the origin is lost, the login is not.
  }
}

/** What the tab kept, as it was kept (unchecked: the caller checks it). */
export function keptLoginOrigin(): Record<string, unknown> {
  try {
    const kept: unknown = JSON.parse(session()?.getItem(KEY) ?? '{}')
    return typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A login gave a token: the origin went with it. */
export function forgetLoginOrigin(): void {
  session()?.removeItem(KEY)
}
