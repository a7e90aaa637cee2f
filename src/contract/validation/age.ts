/**
 * Underage check of SPEC §5: a birth date must match YYYY-MM-DD and be a real calendar
 * date; a person is underage while under 18 full years (SPEC §9 "Adult age: 18").
 *
 * Decisions:
 * - `isUnderage` throws `InvalidBirthDateError` for text that is not a real date (or is a
 *   date in the future) rather than returning false: treating garbage as "adult" would
 *   silently skip whatever the underage flow protects. Forms that want a result instead of
 *   an exception use `checkBirthDate`, which returns a discriminated union.
 * - "Today" is the calendar day of `today` in the device's time zone (a student born on
 *   10 March is 18 on 10 March wherever they are), not the UTC day.
 * - A full year is counted on the same month and day; someone born on 29 February turns a
 *   year older on 1 March in non-leap years (Código Civil art. 132 §3: a term with no
 *   matching day ends on the following day).
 */
export const ADULT_AGE = 18

/** A date without time or zone; `month` is 1–12. */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

export type InvalidBirthDateReason = 'format' | 'date' | 'future'

export type BirthDateCheck =
  { valid: true; date: CalendarDate; age: number; underage: boolean } | { valid: false; reason: InvalidBirthDateReason }

export class InvalidBirthDateError extends Error {
  readonly reason: InvalidBirthDateReason

  constructor(value: string, reason: InvalidBirthDateReason) {
    super(`Invalid birth date (${reason}): ${JSON.stringify(value)}`)
    this.name = 'InvalidBirthDateError'
    this.reason = reason
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Parses strict `YYYY-MM-DD` into a real calendar date (no 2023-02-29, no month 13). */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(text)
  if (!match) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined
  }
  return { year, month, day }
}

/** The local calendar day of a `Date`. */
export function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/** Full years completed from `birth` to `today` (`today` on or after `birth`). */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day)
  return today.year - birth.year - (hadBirthday ? 0 : 1)
}

export function checkBirthDate(birthDate: string, today: Date = new Date()): BirthDateCheck {
  return checkBirthDateOn(birthDate, calendarDateOf(today))
}

/**
 * `checkBirthDate` on a given calendar day: the server passes the caller's day (D21 `tmz`),
 * not its own zone's.
 */
export function checkBirthDateOn(birthDate: string, now: CalendarDate): BirthDateCheck {
  if (!ISO_DATE.test(birthDate)) return { valid: false, reason: 'format' }
  const date = parseIsoDate(birthDate)
  if (!date) return { valid: false, reason: 'date' }
  if (compare(date, now) > 0) return { valid: false, reason: 'future' }
  const age = ageOn(date, now)
  return { valid: true, date, age, underage: age < ADULT_AGE }
}

/**
 * True when the person born on `birthDate` (YYYY-MM-DD) is under 18 full years on `today`.
 * Throws `InvalidBirthDateError` when `birthDate` is malformed, not a real date or in the
 * future.
 */
export function isUnderage(birthDate: string, today: Date = new Date()): boolean {
  const result = checkBirthDate(birthDate, today)
  if (!result.valid) throw new InvalidBirthDateError(birthDate, result.reason)
  return result.underage
}

/** `1998-04-12` → `12/04/1998` (the forms' DD/MM/AAAA). */
export function isoToDisplayDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/** `12/04/1998` → `1998-04-12`; anything incomplete stays as typed (and fails the date rule). */
export function displayToIsoDate(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text.trim()
}
