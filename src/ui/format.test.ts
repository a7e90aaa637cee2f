import { describe, expect, it } from 'vitest'
import { daysBetween, formatDate, formatGrade, formatMoney, localIsoDate } from './format.ts'

describe('pt-BR formats', () => {
  it('formats cents as reais', () => {
    expect(formatMoney(45100).replace(/\s/g, ' ')).toBe('R$ 451,00')
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('R$ 0,05')
  })
  it('formats a calendar date without shifting the day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026')
  })
  it('formats grades with one decimal and a comma', () => {
    expect(formatGrade(7)).toBe('7,0')
    expect(formatGrade(8.25)).toBe('8,3')
  })
  it('computes local dates and day differences', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
    expect(daysBetween('2026-11-20', '2026-11-22')).toBe(2)
    expect(daysBetween('2026-11-22', '2026-11-20')).toBe(-2)
  })
})
