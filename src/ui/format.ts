/** pt-BR display formats shared by every screen. Money travels as integer cents (D12). */

// Written out by hand, not with Intl: the first pt-BR formatter of each kind costs 5–25 ms
// of main thread while its locale data loads (four times that on a slow phone), inside the
// render that first shows data: a long task (issue 7 TBT). The texts are Intl's own:
// a test holds each function equal to the Intl format it replaces over a sweep of values.

/** "05" for 5: a count shown with two digits (dates, clocks, a countdown's minutes and seconds). */
export function twoDigits(n: number): string {
  return String(n).padStart(2, '0')
}

/** Digits grouped by three with '.', as pt-BR writes whole numbers. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** `R$ 1.234,56` for 123456 (a no-break space after R$, as Intl's BRL currency format). */
export function formatMoney(cents: number): string {
  const whole = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}R$\u00a0${grouped(String(Math.floor(whole / 100)))},${twoDigits(whole % 100)}`
}

/** A calendar date `YYYY-MM-DD` as dd/mm/aaaa, with no time-zone shift. */
export function formatDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`
}

/** dd/mm/aaaa, hh:mm in the device's time zone (Intl's pt-BR short date and time). */
export function formatDateTime(value: number | Date): string {
  const at = new Date(value)
  return `${twoDigits(at.getDate())}/${twoDigits(at.getMonth() + 1)}/${at.getFullYear()}, ${formatClock(at)}`
}

/** "19:05": hours and minutes of an instant (epoch ms, Date or ISO text) in the device's time zone. */
export function formatClock(value: number | Date | string): string {
  const at = new Date(value)
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`
}

/** One decimal, rounded half away from zero on the number's decimal text (`8.15` → 8,2), as Intl rounds; -0 keeps its sign as there. */
export function formatGrade(value: number): string {
  const abs = Math.abs(value)
  // Shifts the decimal text, not the binary value; a text in exponent notation (under 1e-6) shifts as a number.
  const tenths = Math.round(Number(`${abs}e1`) || abs * 10)
  return `${1 / value < 0 ? '-' : ''}${grouped(String(Math.floor(tenths / 10)))},${tenths % 10}`
}

/**
 * Orders ISO dates, date-times and `HH:MM` times (they sort as text). Not `localeCompare`:
 * it consults a collator on every call, milliseconds per list on a phone (issue 7 TBT).
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Today's calendar date in the device's zone, as `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
