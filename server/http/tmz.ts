import type { FastifyRequest } from 'fastify'

/**
 * The caller's "today" from the `tmz` header (D21): every request carries the client's UTC
 * offset in hours (SPEC §3, Brazil: -3). Dates that depend on the day (an instalment is
 * overdue the day after it is due) follow the student's calendar, not the server's.
 */

/** Brazil (D21); used when the header is absent or not a number. */
export const DEFAULT_TMZ_HOURS = -3
/** The offsets real zones use: UTC-12 … UTC+14. */
export const MIN_TMZ_HOURS = -12
export const MAX_TMZ_HOURS = 14

/** `-3`, `+5.5`, `9` → hours; anything else → DEFAULT_TMZ_HOURS; clamped to -12..14. */
export function parseTmz(header: string | string[] | undefined): number {
  const text = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!text || !/^[+-]?\d{1,2}(\.\d{1,2})?$/.test(text)) return DEFAULT_TMZ_HOURS
  return Math.min(MAX_TMZ_HOURS, Math.max(MIN_TMZ_HOURS, Number(text)))
}

/** The calendar date (`YYYY-MM-DD`) at `offsetHours` from UTC at the instant `now`. */
export function localToday(now: Date, offsetHours: number): string {
  return new Date(now.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10)
}

/** The request's caller's today (D21). */
export function callerToday(request: Pick<FastifyRequest, 'headers'>, now = new Date()): string {
  return localToday(now, parseTmz(request.headers.tmz))
}

/** The instants [start, end) of the calendar day `date` (`YYYY-MM-DD`) at `offsetHours` from UTC. */
export function dayBounds(date: string, offsetHours: number): [Date, Date] {
  const start = Date.parse(`${date}T00:00:00Z`) - offsetHours * 3_600_000
  return [new Date(start), new Date(start + 86_400_000)]
}

/** The instants [start, end) of the caller's today (D21: "aula de hoje"). */
export function callerTodayBounds(request: Pick<FastifyRequest, 'headers'>, now = new Date()): [Date, Date] {
  const offset = parseTmz(request.headers.tmz)
  return dayBounds(localToday(now, offset), offset)
}

const BRAZIL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * The calendar date (`YYYY-MM-DD`) in Brazil (America/Sao_Paulo) at `now`: for what happens
 * with no caller's zone at hand, such as a Pix confirmation from the bank.
 */
export function brazilDate(now: Date): string {
  return BRAZIL_DATE.format(now)
}
