import { startTransition, useEffect, useState, type ReactNode } from 'react'

let firstCommit: Promise<void> = Promise.resolve()

/**
 * main.tsx, before it renders: from here on `firstScreenDrawn()` waits for React's first
 * commit, until the function returned is called in it. Elsewhere (tests, the build's
 * pre-render) nothing holds it.
 */
export function holdUntilFirstScreen(): () => void {
  let drawn = () => {}
  firstCommit = new Promise<void>((resolve) => (drawn = resolve))
  return drawn
}

/** Resolves once React has committed the app's first screen (at once where no app is starting). */
export function firstScreenDrawn(): Promise<void> {
  return firstCommit
}

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
 * Mounts `children` once the screen it is part of has been committed and the browser is idle
 * after it: loading their code adds its preload links and requests, which must not be in the
 * first render's task nor queue before the screen's largest paint.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false)
  // A transition: React renders the parts in slices of a few milliseconds, not in one task.
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true))), [])
  return ready ? children : null
}
