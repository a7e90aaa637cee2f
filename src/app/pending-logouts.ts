/**
 * "Sair" offline (issue 36 item 3): the device is wiped at once, and the server must
 * still end the session, or a copy of the token would live on. The token goes to this small
 * queue in local storage (outside the keys a wipe clears: it is the one thing kept, and only
 * to be sent to `POST /logout/`), and is sent now or as soon as the connection returns.
 */

export const PENDING_LOGOUTS_KEY = 'portal-pending-logouts'

/** More would be a device logging out many times offline: the oldest tokens have expired by then anyway. */
const MAX_PENDING = 20

/** What sending one logout came to: the server answered (done, a 401 included), or try again later. */
export type LogoutOutcome = 'done' | 'retry'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function pendingLogouts(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(PENDING_LOGOUTS_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((token): token is string => typeof token === 'string') : []
  } catch {
    return []
  }
}

function keep(tokens: string[]): void {
  try {
    if (tokens.length === 0) storage()?.removeItem(PENDING_LOGOUTS_KEY)
    else storage()?.setItem(PENDING_LOGOUTS_KEY, JSON.stringify(tokens.slice(-MAX_PENDING)))
  } catch {
    // Full or refused storage: the session then ends when its token expires.
  }
}

/** Seconds since the epoch at which the JWT expires, or null when it cannot be read. */
function expiresAt(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? ''
    const claims: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')))
    const exp = (claims as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp : null
  } catch {
    return null
  }
}

/** Queues the logout of `token`'s session (synchronous: the wipe that follows must find it kept). */
export function queueLogout(token: string): void {
  const tokens = pendingLogouts()
  if (!tokens.includes(token)) keep([...tokens, token])
}

let sending: Promise<void> | null = null

/**
 * Sends every queued logout, one at a time; what the server answered leaves the queue, what
 * could not reach it stays for the next try. An expired token is dropped unsent: the server
 * refuses it already. One run at a time (a second call joins the running one).
 */
export function sendPendingLogouts(send: (token: string) => Promise<LogoutOutcome>, nowSeconds = () => Date.now() / 1000): Promise<void> {
  if (sending) return sending
  // Cleared in a callback, never inside the run: a run with nothing to await ends before
  // `sending` is even assigned, and would otherwise stay "running" for good.
  sending = sendEach(send, nowSeconds).finally(() => {
    sending = null
  })
  return sending
}

async function sendEach(send: (token: string) => Promise<LogoutOutcome>, nowSeconds: () => number): Promise<void> {
  for (const token of pendingLogouts()) {
    const exp = expiresAt(token)
    const outcome = exp !== null && exp <= nowSeconds() ? 'done' : await send(token).catch((): LogoutOutcome => 'retry')
    // Read again: a logout queued meanwhile must not be lost.
    if (outcome === 'done') keep(pendingLogouts().filter((queued) => queued !== token))
  }
}
