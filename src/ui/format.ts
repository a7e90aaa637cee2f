/** pt-BR display formats shared by every screen. Money travels as integer cents (D12). */
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const date = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const grade = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export function formatMoney(cents: number): string {
  return money.format(cents / 100)
}

/** A calendar date `YYYY-MM-DD` as dd/mm/aaaa, with no time-zone shift. */
export function formatDate(isoDate: string): string {
  return date.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
}

export function formatDateTime(value: number | Date): string {
  return dateTime.format(value)
}

export function formatGrade(value: number): string {
  return grade.format(value)
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
