import { describe, expect, it } from 'vitest'
import { shareUnchanged } from './outbox-live.ts'

describe('shareUnchanged (the outbox screens redraw only what moved)', () => {
  it('keeps each unchanged item, and the whole list when nothing changed', () => {
    const a = { id: 'a', state: 'aguardando', context: { atividadeId: 1 } }
    const b = { id: 'b', state: 'aguardando', context: { atividadeId: 2 } }
    const previous = [a, b]
    const same = shareUnchanged(previous, [structuredClone(a), structuredClone(b)])
    expect(same).toBe(previous)

    const moved = shareUnchanged(previous, [structuredClone(a), { ...b, state: 'enviando' }])
    expect(moved).not.toBe(previous)
    expect(moved[0]).toBe(a)
    expect(moved[1]).toEqual({ ...b, state: 'enviando' })
    expect(moved[1]).not.toBe(b)

    expect(shareUnchanged(previous, [structuredClone(a)])).toEqual([a])
  })

  it('answers the new value on a first answer or a changed count', () => {
    const first = [{ id: 'a' }]
    expect(shareUnchanged(undefined, first)).toBe(first)
    expect(shareUnchanged(3, 3)).toBe(3)
    expect(shareUnchanged(3, 4)).toBe(4)
  })
})
