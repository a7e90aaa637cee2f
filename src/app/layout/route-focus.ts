import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

/** How long a screen may take to draw its heading after the route resolved. */
const HEADING_WAIT_MS = 5_000

/**
 * Moves keyboard focus to the main heading (`#main h1`) of the screen, which makes screen
 * readers announce it. The heading becomes focusable by script only (tabindex -1). When the
 * heading is not drawn yet it waits for it, unless the user started typing in the new screen.
 * Returns a cancel function.
 */
export function focusMainHeading(doc: Document = document, waitMs = HEADING_WAIT_MS): () => void {
  const tryFocus = (): boolean => {
    const heading = doc.querySelector<HTMLElement>('#main h1')
    if (!heading) return false
    const active = doc.activeElement
    // The user already went on typing into a field of the new screen: stay there.
    if (active?.matches('input, textarea, select, [contenteditable="true"]') && doc.querySelector('#main')?.contains(active)) return true
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
    return true
  }
  // After the frame that closes the phone drawer, so its focus trap has let go.
  let observer: MutationObserver | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    if (tryFocus()) return
    observer = new MutationObserver(() => {
      if (tryFocus()) stop()
    })
    observer.observe(doc.body, { childList: true, subtree: true })
    timer = setTimeout(stop, waitMs)
  })
  function stop() {
    observer?.disconnect()
    if (timer) clearTimeout(timer)
  }
  return () => {
    cancelAnimationFrame(frame)
    stop()
  }
}

/** The location of the first screen this document drew: a page load keeps the browser's focus. */
let firstLocationKey: string | undefined

/**
 * After every client-side navigation (a link, the tab bar, login, logout) focus goes to the
 * new screen's main heading. Mounted by the signed-in layout and by the login screen, so it
 * also covers the switch from one to the other. The first screen of a page load is left
 * alone: the browser starts at the top of the document as usual.
 */
export function useFocusHeadingOnNavigation(): void {
  const key = useRouterState({
    select: (state) => {
      const location = state.resolvedLocation
      return location ? (location.state.__TSR_key ?? location.href) : undefined
    },
  })
  useEffect(() => {
    if (key === undefined) return
    firstLocationKey ??= key
    if (key === firstLocationKey) return
    return focusMainHeading()
  }, [key])
}
