/** Runs `task` after the first screen: once the page has loaded and the browser is idle. */
export function afterFirstScreen(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
    else setTimeout(task, 1)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}
