import { useEffect, useRef } from 'react'

/** How far a finger must pull down from the top of the page to ask for a refresh. */
const PULL_PX = 80

/**
 * Issue 7: on phones, pulling the page down from its top re-syncs it, as students expect
 * from their apps; the "Atualizar" button does the same everywhere else.
 */
export function usePullToRefresh(onRefresh: () => void): void {
  const latest = useRef(onRefresh)
  useEffect(() => {
    latest.current = onRefresh
  })
  useEffect(() => {
    let startY: number | null = null
    const start = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0]!.clientY : null
    }
    const end = (event: TouchEvent) => {
      const touch = event.changedTouches[0]
      if (startY !== null && touch && touch.clientY - startY >= PULL_PX) latest.current()
      startY = null
    }
    window.addEventListener('touchstart', start, { passive: true })
    window.addEventListener('touchend', end, { passive: true })
    return () => {
      window.removeEventListener('touchstart', start)
      window.removeEventListener('touchend', end)
    }
  }, [])
}
