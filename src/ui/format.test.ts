import { describe, expect, it } from 'vitest'
import { compareIso, daysBetween, formatClock, formatDate, formatDateTime, formatGrade, formatMoney, localIsoDate } from './format.ts'

describe('pt-BR formats', () => {
  it('formats cents as reais', () => {
    expect(formatMoney(45100).replace(/\s/g, ' ')).toBe('R$ 451,00')
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('R$ 0,05')
  })
  it('writes money exactly as the BRL currency format does', () => {
    const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    for (const cents of [0, 1, 99, 45100, 123456, 99999999, 123456789012, -5, -45100, -123456])
      expect(formatMoney(cents), String(cents)).toBe(currency.format(cents / 100))
  })
  it('formats a calendar date without shifting the day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026')
  })
  it('writes dates, date-times and grades exactly as the Intl formats they replace', () => {
    const date = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
    const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
    const grade = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    const clock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' })
    for (let day = 0; day < 800; day += 7) {
      const at = Date.UTC(2025, 0, 1, 0, 0) + day * 86_400_000 + day * 3_517_000
      expect(formatDate(new Date(at).toISOString().slice(0, 10))).toBe(date.format(at))
      expect(formatDateTime(at)).toBe(dateTime.format(at))
      expect(formatDateTime(new Date(at))).toBe(dateTime.format(at))
      expect(formatClock(at)).toBe(clock.format(at))
      expect(formatClock(new Date(at).toISOString())).toBe(clock.format(at))
    }
    const grades = [
      0,
      -0,
      7,
      7.25,
      8.15,
      8.25,
      9.95,
      9.96,
      0.05,
      0.04,
      10,
      99.95,
      1234.56,
      12345678.95,
      1e-7,
      5e-7,
      -0.04,
      -1.05,
      2 / 3,
      22 / 3,
      0.1 + 0.2,
    ]
    for (let n = 0; n < 2000; n++) grades.push(Math.round(Math.sin(n) * 1e6) / 10 ** (n % 5), n / 40)
    for (const value of grades) expect(formatGrade(value), String(value)).toBe(grade.format(value))
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
  it('orders ISO dates, date-times and times as the calendar does', () => {
    const sorted = ['2026-11-20T10:00:00Z', '2026-02-01', '2026-11-20', '2025-12-31'].sort(compareIso)
    expect(sorted).toEqual(['2025-12-31', '2026-02-01', '2026-11-20', '2026-11-20T10:00:00Z'])
    expect(['19:30', '08:00', '14:15'].sort(compareIso)).toEqual(['08:00', '14:15', '19:30'])
    expect(compareIso('2026-01-01', '2026-01-01')).toBe(0)
  })
})
