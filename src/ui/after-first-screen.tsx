import { startTransition, useEffect, useState, type ReactNode } from 'react'

let firstScreen: Promise<void> = Promise.resolve()

/**
 * main.tsx, before it renders: from here on `firstScreenDrawn()` waits until the function
 * returned is called (a frame after React's first commit). Elsewhere (tests, the build's
 * pre-render) nothing holds it.
 */
export function holdUntilFirstScreen(): () => void {
  let drawn = () => {}
  firstScreen = new Promise<void>((resolve) => (drawn = resolve))
  return drawn
}

/** Resolves once the browser has painted the app's first screen (at once where no app is starting). */
export function firstScreenDrawn(): Promise<void> {
  return firstScreen
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
