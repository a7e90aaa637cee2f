import { describe, expect, it } from 'vitest'
import { nextDeparture } from './seed.ts'

describe('the demo classes’ departure', () => {
  it('is this year’s date of the season when it is at least two months away', () => {
    expect(nextDeparture('2026-03-01', { mes: 7, dia: 5 })).toBe('2026-07-05')
    expect(nextDeparture('2026-05-06', { mes: 7, dia: 5 })).toBe('2026-07-05')
  })

  it('is next year’s when this year’s is past or nearer than two months', () => {
    expect(nextDeparture('2026-05-07', { mes: 7, dia: 5 })).toBe('2027-07-05')
    expect(nextDeparture('2026-11-26', { mes: 7, dia: 1 })).toBe('2027-07-01')
    // 26 Nov + 60 days is 25 Jan: this coming 10 Jan is too near.
    expect(nextDeparture('2026-11-26', { mes: 1, dia: 10 })).toBe('2028-01-10')
    expect(nextDeparture('2026-10-01', { mes: 1, dia: 10 })).toBe('2027-01-10')
  })
})
