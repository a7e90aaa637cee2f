// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BREAKPOINTS, breakpointForWidth, isAtLeast, mediaQueryUp, useBreakpoint } from './breakpoints.ts'

describe('BREAKPOINTS', () => {
  it('are the values of SPEC §9', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 480, md: 750, lg: 1050, xl: 1260, xxl: 1920 })
  })

  it('are the only widths used by the media queries in styles.css', () => {
    const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8')
    const widths = [...css.matchAll(/@media[^{]*\((?:min|max)-width:\s*(\d+)px\)/g)].map((m) => Number(m[1]))
    expect(widths.length).toBeGreaterThan(0)
    const allowed: number[] = Object.values(BREAKPOINTS)
    for (const w of widths) expect(allowed).toContain(w)
  })

  it('map widths to names', () => {
    expect(breakpointForWidth(320)).toBe('xs')
    expect(breakpointForWidth(479)).toBe('xs')
    expect(breakpointForWidth(480)).toBe('sm')
    expect(breakpointForWidth(749)).toBe('sm')
    expect(breakpointForWidth(750)).toBe('md')
    expect(breakpointForWidth(1050)).toBe('lg')
    expect(breakpointForWidth(1260)).toBe('xl')
    expect(breakpointForWidth(1919)).toBe('xl')
    expect(breakpointForWidth(2560)).toBe('xxl')
    expect(isAtLeast('md', 'sm')).toBe(true)
    expect(isAtLeast('sm', 'md')).toBe(false)
    expect(mediaQueryUp('lg')).toBe('(min-width: 1050px)')
  })
})

/** A matchMedia driven by a fake viewport width. */
function fakeViewport(initialWidth: number) {
  let width = initialWidth
  const lists = new Set<{ query: string; listeners: Set<() => void> }>()
  const matchMedia = vi.fn((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0)
    const entry = { query, listeners: new Set<() => void>() }
    lists.add(entry)
    return {
      get matches() {
        return width >= min
      },
      media: query,
      addEventListener: (_: string, fn: () => void) => entry.listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => entry.listeners.delete(fn),
    }
  })
  return {
    matchMedia,
    resize(next: number) {
      width = next
      for (const entry of lists) for (const fn of entry.listeners) fn()
    },
  }
}

describe('useBreakpoint', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('follows the viewport through matchMedia', () => {
    const viewport = fakeViewport(390)
    vi.stubGlobal('matchMedia', viewport.matchMedia)
    const { result, unmount } = renderHook(() => useBreakpoint())
    expect(result.current).toBe('xs')
    act(() => viewport.resize(800))
    expect(result.current).toBe('md')
    act(() => viewport.resize(1300))
    expect(result.current).toBe('xl')
    act(() => viewport.resize(480))
    expect(result.current).toBe('sm')
    unmount()
  })

  it('is xs (mobile first) without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined)
    const { result } = renderHook(() => useBreakpoint())
    expect(result.current).toBe('xs')
  })
})
