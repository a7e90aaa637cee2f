import { useSyncExternalStore } from 'react'

/**
 * Breakpoints of SPEC §9, in CSS pixels (min-width, mobile first). styles.css uses the
 * same numbers in its media queries (CSS cannot read these constants); breakpoints.test.ts
 * checks that every `min-width` in styles.css is one of them.
 */
export const BREAKPOINTS = {
  xs: 0,
  sm: 480,
  md: 750,
  lg: 1050,
  xl: 1260,
  xxl: 1920,
} as const

export type Breakpoint = keyof typeof BREAKPOINTS

/** Smallest first. */
export const BREAKPOINT_NAMES = Object.keys(BREAKPOINTS) as Breakpoint[]

/** The media query that matches from `bp` upwards. */
export function mediaQueryUp(bp: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[bp]}px)`
}

/** The breakpoint a viewport `width` falls in. */
export function breakpointForWidth(width: number): Breakpoint {
  let current: Breakpoint = 'xs'
  for (const name of BREAKPOINT_NAMES) if (width >= BREAKPOINTS[name]) current = name
  return current
}

/** True when `current` is `bp` or wider: `isAtLeast(useBreakpoint(), 'md')`. */
export function isAtLeast(current: Breakpoint, bp: Breakpoint): boolean {
  return BREAKPOINTS[current] >= BREAKPOINTS[bp]
}

function hasMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
}

function getSnapshot(): Breakpoint {
  if (!hasMatchMedia()) return 'xs'
  let current: Breakpoint = 'xs'
  for (const name of BREAKPOINT_NAMES) {
    if (name !== 'xs' && window.matchMedia(mediaQueryUp(name)).matches) current = name
  }
  return current
}

function subscribe(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => {}
  const lists = BREAKPOINT_NAMES.filter((n) => n !== 'xs').map((n) => window.matchMedia(mediaQueryUp(n)))
  for (const list of lists) list.addEventListener('change', onChange)
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange)
  }
}

/** Mobile first: without `matchMedia` (server, old test environments) the answer is xs. */
function getServerSnapshot(): Breakpoint {
  return 'xs'
}

/** The current breakpoint name, updated when the viewport crosses one (matchMedia). */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
