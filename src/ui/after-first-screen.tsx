import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { yieldToBrowser } from '../lib/yield-to-browser.ts'

let firstScreen: Promise<void> = Promise.resolve()
let held = false

/**
 * main.tsx, before it renders: from here on `firstScreenDrawn()` waits until the function
 * returned is called (a frame after React's first commit). Elsewhere (tests, the build's
 * pre-render) nothing holds it.
 */
export function holdUntilFirstScreen(): () => void {
  let drawn = () => {}
  firstScreen = new Promise<void>((resolve) => (drawn = resolve))
  held = true
  return drawn
}

/** How long after a commit its largest paint may come, when it has one: later, it has none. */
const SHOWN_WAIT_MS = 300

/**
 * Calls `done` once what was just committed has reached the screen. A commit that draws a
 * new largest element (the screen's data) is on screen when the browser reports that paint,
 * which comes tens of milliseconds after the frame that painted it (its rasterising); the
 * frame after next is not enough. A commit without one is on screen after SHOWN_WAIT_MS.
 */
export function whenShown(done: () => void): void {
  const committedAt = performance.now()
  let called = false
  let observer: PerformanceObserver | undefined
  const finish = () => {
    if (called) return
    called = true
    observer?.disconnect()
    setTimeout(done)
  }
  if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= committedAt)) finish()
    })
    observer.observe({ type: 'largest-contentful-paint' })
  }
  setTimeout(finish, SHOWN_WAIT_MS)
}

/** Resolves once the browser has painted the app's first screen (at once where no app is starting). */
export function firstScreenDrawn(): Promise<void> {
  // Each waiter goes on in a task of its own: the session's machine, the device database and
  // the outbox all start there, each import adding its chunk's preload links, and together
  // they were one task of 12 ms at full speed (73 ms of blocking on a low-tier phone).
  return held ? firstScreen.then(yieldToBrowser) : firstScreen
}

/**
 * Online, `firstScreenDrawn()`; offline at once: there the device's data is the screen's
 * only source, so the device database and the outbox wait for nothing.
 */
export function untilFirstScreenWhenOnline(): Promise<void> {
  return navigator.onLine ? firstScreenDrawn() : Promise.resolve()
}

/**
 * Runs `task` after the first screen: once it is painted, the page has loaded and the
 * browser is idle. The page's load event alone comes before React's first commit (the
 * modules are loaded by then), and a request started there queued before the screen's
 * largest paint on a phone's slow connection.
 */
export function afterFirstScreen(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
    else setTimeout(task, 1)
  }
  void firstScreen.then(() => {
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
  })
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
