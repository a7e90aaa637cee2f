/** Runs `task` after the first screen: once the page has loaded and the browser is idle. */
export function afterFirstScreen(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
    else setTimeout(task, 1)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * Ends the current task and resumes in a new one, so the browser can handle a tap or paint
 * in between two parts of long work (issue 7 TBT). `scheduler.yield` where the browser has
 * it (resumes ahead of other queued work), else a zero timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
