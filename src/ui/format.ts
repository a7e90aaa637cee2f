/** pt-BR display formats shared by every screen. Money travels as integer cents (D12). */

import { once } from '../api/once.ts'

// The formatters are made on first use (`once`), not when the module loads (issue 7 TBT).

// Reais as a plain two-decimal number after "R$": the same text as Intl's BRL currency
// format (a test holds them equal), without its currency data, whose first use costs tens
// of milliseconds on the main thread (issue 7 TBT).
const reais = once(() => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
const date = once(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }))
const dateTime = once(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }))
const grade = once(() => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }))

export function formatMoney(cents: number): string {
  return `${cents < 0 ? '-' : ''}R$\u00a0${reais().format(Math.abs(cents) / 100)}`
}

/** A calendar date `YYYY-MM-DD` as dd/mm/aaaa, with no time-zone shift. */
export function formatDate(isoDate: string): string {
  return date().format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
}

export function formatDateTime(value: number | Date): string {
  return dateTime().format(value)
}

export function formatGrade(value: number): string {
  return grade().format(value)
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
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
