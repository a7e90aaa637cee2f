import { describe, expect, it } from 'vitest'
import { callerToday, DEFAULT_TMZ_HOURS, localToday, parseTmz } from './tmz.ts'

describe('parseTmz (D21)', () => {
  it('reads the hours the client sends, signed or not, with fractions', () => {
    expect(parseTmz('-3')).toBe(-3)
    expect(parseTmz('+9')).toBe(9)
    expect(parseTmz('0')).toBe(0)
    expect(parseTmz(' 5.5 ')).toBe(5.5)
    expect(parseTmz(['-2', '-3'])).toBe(-2)
  })

  it('defaults to Brazil (-3) when absent or not a number', () => {
    for (const header of [undefined, '', 'abc', '-3h', 'NaN', 'Infinity', '1e1', '--3', '-300']) {
      expect(parseTmz(header), String(header)).toBe(DEFAULT_TMZ_HOURS)
    }
  })

  it('clamps to the real zones, -12..14', () => {
    expect(parseTmz('-20')).toBe(-12)
    expect(parseTmz('99')).toBe(14)
  })
})

describe('localToday', () => {
  it('23:30 in UTC-3 on the 21st is still the 21st there while UTC is already the 22nd', () => {
    const now = new Date('2026-11-22T02:30:00Z')
    expect(localToday(now, -3)).toBe('2026-11-21')
    expect(localToday(now, 0)).toBe('2026-11-22')
  })

  it('east of UTC the day starts earlier', () => {
    const now = new Date('2026-12-31T20:00:00Z')
    expect(localToday(now, 9)).toBe('2027-01-01')
    expect(localToday(now, 5.5)).toBe('2027-01-01')
    expect(localToday(now, 3)).toBe('2026-12-31')
  })

  it('callerToday reads the header, or assumes -3', () => {
    const now = new Date('2026-11-22T01:00:00Z')
    expect(callerToday({ headers: { tmz: '0' } }, now)).toBe('2026-11-22')
    expect(callerToday({ headers: {} }, now)).toBe('2026-11-21')
    expect(callerToday({ headers: { tmz: 'talvez' } }, now)).toBe('2026-11-21')
  })
})
