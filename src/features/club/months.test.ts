import { describe, expect, it } from 'vitest'
import { monthKeyOf, monthsWithMovements, movementsOfMonth } from './months.ts'

// Build the instants from local dates so the test holds in any zone.
const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour).toISOString()

describe('statement months', () => {
  it('takes the month of the device calendar, late evening included', () => {
    expect(monthKeyOf(at(2026, 1, 31, 23))).toBe('2026-01')
    expect(monthKeyOf(at(2026, 12, 1, 0))).toBe('2026-12')
  })

  it('lists each month with movements once, newest first, across years', () => {
    const movimentos = [{ data: at(2026, 3, 2) }, { data: at(2025, 12, 20) }, { data: at(2026, 3, 28) }, { data: at(2026, 1, 5) }]
    expect(monthsWithMovements(movimentos)).toEqual(['2026-03', '2026-01', '2025-12'])
    expect(monthsWithMovements([])).toEqual([])
  })

  it('filters by month, or keeps every movement without one', () => {
    const movimentos = [
      { id: 'a', data: at(2026, 3, 2) },
      { id: 'b', data: at(2026, 2, 27) },
      { id: 'c', data: at(2026, 3, 30) },
    ]
    expect(movementsOfMonth(movimentos, '2026-03').map((m) => m.id)).toEqual(['a', 'c'])
    expect(movementsOfMonth(movimentos, '2025-03')).toEqual([])
    expect(movementsOfMonth(movimentos, null).map((m) => m.id)).toEqual(['a', 'b', 'c'])
  })
})
