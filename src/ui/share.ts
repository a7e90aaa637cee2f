import { useCallback, useState } from 'react'

/**
 * Sharing a text, a link or a code (issue 40 item 12): through the device's share sheet where
 * the browser has one (Web Share API), else onto the clipboard. Each screen says the outcome in
 * a polite status ("Código copiado"); closing the sheet is the student's choice, not an error,
 * and says nothing.
 */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The parts of `navigator` the helper uses (a test passes its own). */
export interface ShareNavigator {
  share?: ((data: ShareData) => Promise<void>) | undefined
  canShare?: ((data: ShareData) => boolean) | undefined
  clipboard?: { writeText(text: string): Promise<void> } | undefined
}

function browserNavigator(): ShareNavigator | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator
}

/** Whether this browser opens a share sheet for `data` (else the helper copies). */
export function hasShareSheet(data?: ShareData, nav: ShareNavigator | undefined = browserNavigator()): boolean {
  if (typeof nav?.share !== 'function') return false
  // Desktop browsers may have `share` but refuse some data: `canShare` says so beforehand.
  return data === undefined || typeof nav.canShare !== 'function' || nav.canShare(data)
}

/**
 * `data` through the share sheet, or `copyText` onto the clipboard where there is none. Called
 * straight from a click: the sheet needs the tap's user activation. A sheet the browser refuses
 * to open (no activation left, a policy) falls back to the clipboard; closing it answers
 * `cancelled` (an AbortError), and nothing is copied then.
 */
export async function shareOrCopy(
  data: ShareData,
  copyText: string,
  nav: ShareNavigator | undefined = browserNavigator(),
): Promise<ShareOutcome> {
  if (nav && hasShareSheet(data, nav)) {
    try {
      await nav.share!(data)
      return 'shared'
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    if (!nav?.clipboard) return 'failed'
    await nav.clipboard.writeText(copyText)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/**
 * `shareOrCopy` for a screen: `share(data, copyText)` from the click, `outcome` for its status
 * line (null until a share or after a cancel), `sheet` to name the button ("Compartilhar" where
 * a sheet opens, "Copiar" otherwise).
 */
export function useShare(data?: ShareData): {
  share: (data: ShareData, copyText: string) => Promise<ShareOutcome>
  outcome: Exclude<ShareOutcome, 'cancelled'> | null
  sheet: boolean
} {
  const [outcome, setOutcome] = useState<Exclude<ShareOutcome, 'cancelled'> | null>(null)
  const share = useCallback(async (shared: ShareData, copyText: string) => {
    setOutcome(null)
    const result = await shareOrCopy(shared, copyText)
    setOutcome(result === 'cancelled' ? null : result)
    return result
  }, [])
  return { share, outcome, sheet: hasShareSheet(data) }
}
