import { useEffect } from 'react'
import { getStoredToken } from '../lib/local-store.ts'
import { startOutboxRunner } from '../db/outbox-app.ts'

/**
 * Sends the signed-in user's queued writes while the app is open (D16): at once, on
 * `online` and on the backoff timer (src/db/outbox-app.ts). Loaded beside the first screen.
 */
export function OutboxRunner({ userId }: { userId: number }) {
  useEffect(() => startOutboxRunner(userId, getStoredToken), [userId])
  return null
}

/**
 * Logout with files still waiting: they stay on the device and go when this account
 * signs in again, but the student is told first and may stay. The browser's own confirm
 * (as the tour's "Fechar tour?"): keyboard and screen-reader ready.
 */
export async function confirmLogout(userId: number, question: (count: number) => string): Promise<boolean> {
  try {
    const { pendingCount } = await import('../db/outbox.ts')
    const count = await pendingCount(userId)
    return count === 0 || window.confirm(question(count))
  } catch {
    return true // the outbox unreadable: nothing of it to lose by leaving
  }
}
