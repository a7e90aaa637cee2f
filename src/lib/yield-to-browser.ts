/**
 * Ends the current task and resumes in a new one, so the browser can handle a tap or paint
 * in between two parts of long work (issue 7 TBT). `scheduler.yield` where the browser has
 * it (resumes ahead of other queued work), else a zero timeout. Here, beside once.ts, because
 * the device database and the features' syncs use it as well as the app layer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
