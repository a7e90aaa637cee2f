import { describe, expect, it } from 'vitest'
import { PULL_PX, pullStep, type PullEvent, type PullState } from './pull-to-refresh.tsx'

const run = (events: PullEvent[], from: PullState = { phase: 'idle' }) => events.reduce(pullStep, from)
const top = (y: number): PullEvent => ({ type: 'start', y, atTop: true, fingers: 1 })

describe('pull-to-refresh gesture', () => {
  it('a pull from the top past the threshold refreshes on release, then says it is done', () => {
    const released = run([top(100), { type: 'move', y: 100 + PULL_PX }, { type: 'end' }])
    expect(released).toEqual({ phase: 'refreshing' })
    expect(pullStep(released, { type: 'finished' })).toEqual({ phase: 'done' })
  })

  it('a shorter pull springs back without refreshing', () => {
    expect(run([top(100), { type: 'move', y: 100 + PULL_PX - 1 }, { type: 'end' }])).toEqual({ phase: 'idle' })
  })

  it('never starts away from the top of the page or with two fingers (a zoom)', () => {
    expect(run([{ type: 'start', y: 100, atTop: false, fingers: 1 }, { type: 'move', y: 400 }, { type: 'end' }])).toEqual({ phase: 'idle' })
    expect(run([{ type: 'start', y: 100, atTop: true, fingers: 2 }, { type: 'move', y: 400 }, { type: 'end' }])).toEqual({ phase: 'idle' })
  })

  it('a finger moving up counts as no pull; a pull while refreshing is ignored', () => {
    expect(run([top(300), { type: 'move', y: 100 }])).toEqual({ phase: 'pulling', startY: 300, distance: 0 })
    expect(run([top(100), { type: 'move', y: 400 }, { type: 'end' }], { phase: 'refreshing' })).toEqual({ phase: 'refreshing' })
  })

  it('offline, the refresh is cancelled and says so', () => {
    expect(pullStep({ phase: 'refreshing' }, { type: 'cancelled' })).toEqual({ phase: 'offline' })
  })
})
