import type { PushStatus } from './status.ts'

/**
 * When the portal offers notifications (issue 11): never on the first paint, never over
 * a guided tour or a form the student must finish, and not again for a while after
 * "Agora não". The browser's own permission dialog only ever follows a click on "Ativar".
 */

/** "Agora não" holds for two weeks. */
export const PROMPT_SNOOZE_MS = 14 * 24 * 60 * 60 * 1000

/** The student has been on a screen this long before the offer shows. */
export const PROMPT_DELAY_MS = 4_000

/** A device preference, not the account's: it stays after a logout (local-store's keys go). */
const SNOOZE_KEY = 'push_prompt_snoozed_at'

export interface PromptConditions {
  status: PushStatus
  permission: NotificationPermission | 'unsupported'
  snoozedAt: number | null
  now: number
  /** Online, with the user confirmed by the server (not only the device's copy). */
  ready: boolean
  /** A screen that must be finished first (registration update, empty book) or a tour. */
  busy: boolean
}

export function shouldOfferPush({ status, permission, snoozedAt, now, ready, busy }: PromptConditions): boolean {
  if (!ready || busy || status !== 'off') return false
  if (permission !== 'default' && permission !== 'granted') return false
  return snoozedAt === null || now - snoozedAt >= PROMPT_SNOOZE_MS
}

export function promptSnoozedAt(): number | null {
  try {
    const value = Number(globalThis.localStorage?.getItem(SNOOZE_KEY) ?? Number.NaN)
    return Number.isFinite(value) ? value : null
  } catch {
    return null
  }
}

export function snoozePrompt(now = Date.now()): void {
  try {
    globalThis.localStorage?.setItem(SNOOZE_KEY, String(now))
  } catch {
    // Storage refused: the offer may come back at the next start.
  }
}
