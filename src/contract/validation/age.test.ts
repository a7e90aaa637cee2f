import { describe, expect, it } from 'vitest'
import { ADULT_AGE, ageOn, checkBirthDate, InvalidBirthDateError, isUnderage, parseIsoDate } from './age.ts'

/** A local-time date at noon, so no time zone can move it to another day. */
function day(y: number, m: number, d: number): Date {
  return new Date(y, m - 1, d, 12)
}

describe('isUnderage', () => {
  it('uses 18 as the adult age (SPEC §9)', () => {
    expect(ADULT_AGE).toBe(18)
  })

  it('turns adult exactly on the 18th birthday', () => {
    expect(isUnderage('2008-03-10', day(2026, 3, 9))).toBe(true)
    expect(isUnderage('2008-03-10', day(2026, 3, 10))).toBe(false)
    expect(isUnderage('2008-03-10', day(2026, 3, 11))).toBe(false)
  })

  it('compares month before day', () => {
    expect(isUnderage('2008-12-01', day(2026, 11, 30))).toBe(true)
    expect(isUnderage('2008-01-31', day(2026, 2, 1))).toBe(false)
  })

  it('ignores the time of day of "today"', () => {
    expect(isUnderage('2008-03-10', new Date(2026, 2, 10, 0, 0, 0))).toBe(false)
    expect(isUnderage('2008-03-10', new Date(2026, 2, 9, 23, 59, 59))).toBe(true)
  })

  it('treats a birthday today of a newborn as underage, and long ages as adult', () => {
    expect(isUnderage('2026-03-10', day(2026, 3, 10))).toBe(true)
    expect(isUnderage('1950-07-04', day(2026, 3, 10))).toBe(false)
  })

  it('handles people born on 29 February', () => {
    // 2026 is not a leap year: the 18th birthday is reached on 1 March.
    expect(isUnderage('2008-02-29', day(2026, 2, 28))).toBe(true)
    expect(isUnderage('2008-02-29', day(2026, 3, 1))).toBe(false)
  })

  it('counts 29 February itself when the 18th birthday falls in a leap year', () => {
    // born 2014-02-29 is impossible; born 2012-02-29 turns 18 on 2030-03-01 (2030 not leap)
    expect(isUnderage('2012-02-29', day(2030, 2, 28))).toBe(true)
    expect(isUnderage('2012-02-29', day(2030, 3, 1))).toBe(false)
    // born 2014-02-28 / 2014-03-01, the 18th birthday is in leap year 2032
    expect(isUnderage('2014-02-28', day(2032, 2, 28))).toBe(false)
    expect(isUnderage('2014-02-28', day(2032, 2, 27))).toBe(true)
    expect(isUnderage('2014-03-01', day(2032, 2, 29))).toBe(true)
    expect(isUnderage('2014-03-01', day(2032, 3, 1))).toBe(false)
  })

  it('a leap-day baby is a year older on 29 February of a leap year', () => {
    // born 2000-02-29, 2018 not leap -> adult from 2018-03-01
    expect(isUnderage('2000-02-29', day(2018, 2, 28))).toBe(true)
    expect(isUnderage('2000-02-29', day(2018, 3, 1))).toBe(false)
    // born 2004-02-29, 18th birthday on 2022 (not leap); 2024 leap: 20 on 2024-02-29
    expect(checkBirthDate('2004-02-29', day(2024, 2, 28))).toMatchObject({ age: 19 })
    expect(checkBirthDate('2004-02-29', day(2024, 2, 29))).toMatchObject({ age: 20 })
  })

  it('throws a typed error for malformed, impossible or future dates', () => {
    const today = day(2026, 3, 10)
    for (const [text, reason] of [
      ['10/03/2008', 'format'],
      ['2008-3-10', 'format'],
      ['', 'format'],
      ['2008-03-10T00:00', 'format'],
      ['2007-02-29', 'date'],
      ['1900-02-29', 'date'],
      ['2008-13-01', 'date'],
      ['2008-04-31', 'date'],
      ['2008-00-10', 'date'],
      ['0000-01-01', 'date'],
      ['2026-03-11', 'future'],
    ] as const) {
      let error: unknown
      try {
        isUnderage(text, today)
      } catch (e) {
        error = e
      }
      expect(error, text).toBeInstanceOf(InvalidBirthDateError)
      expect((error as InvalidBirthDateError).reason, text).toBe(reason)
    }
  })
})

describe('checkBirthDate', () => {
  it('returns the age and flag without throwing', () => {
    expect(checkBirthDate('2000-02-29', day(2026, 3, 10))).toEqual({
      valid: true,
      date: { year: 2000, month: 2, day: 29 },
      age: 26,
      underage: false,
    })
    expect(checkBirthDate('2000-02-30', day(2026, 3, 10))).toEqual({ valid: false, reason: 'date' })
  })
})

describe('parseIsoDate and ageOn', () => {
  it('accepts 29 February only in leap years (400-year rule)', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 })
    expect(parseIsoDate('2024-02-29')).toBeDefined()
    expect(parseIsoDate('2100-02-29')).toBeUndefined()
  })

  it('counts full years', () => {
    const birth = { year: 2000, month: 6, day: 15 }
    expect(ageOn(birth, { year: 2018, month: 6, day: 14 })).toBe(17)
    expect(ageOn(birth, { year: 2018, month: 6, day: 15 })).toBe(18)
    expect(ageOn(birth, { year: 2000, month: 6, day: 15 })).toBe(0)
  })
})
