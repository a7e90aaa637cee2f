// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DebugBlock, toJson } from './debug-block.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllEnvs()
})

describe('DebugBlock', () => {
  it('renders the data as JSON outside production (test mode)', () => {
    expect(import.meta.env.PROD).toBe(false)
    const { container } = render(<DebugBlock data={{ turma: 12, notas: [8.5, 9] }} className="extra" />)
    const pre = container.querySelector('pre')
    expect(pre?.className).toBe('ui-debug extra')
    expect(JSON.parse(pre?.textContent ?? '')).toEqual({ turma: 12, notas: [8.5, 9] })
  })

  it('renders nothing in production (SPEC §4)', () => {
    vi.stubEnv('PROD', true)
    const { container } = render(<DebugBlock data={{ secret: 1 }} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('toJson', () => {
  it('handles cycles, bigints and undefined', () => {
    const a: Record<string, unknown> = { id: 1, big: 10n }
    a.self = a
    const shared = { x: 1 }
    expect(JSON.parse(toJson(a))).toEqual({ id: 1, big: '10n', self: '[Circular]' })
    // the same object twice is not a cycle
    expect(JSON.parse(toJson({ a: shared, b: shared }))).toEqual({ a: { x: 1 }, b: { x: 1 } })
    expect(toJson(undefined)).toBe('undefined')
  })
})
