import { formatDate, localIsoDate, twoDigits } from '../../ui/format.ts'

/**
 * The statement's month filter (meu-extrato, SPEC §9 month names): a movement belongs to
 * the month of its date on the device's calendar, as the server's `?mes=` reads the
 * caller's time zone.
 */

/** `YYYY-MM` of an instant in the device's time zone. */
export function monthKeyOf(iso: string): string {
  const date = new Date(iso)
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}`
}

/** The months that have movements, newest first, each once. */
export function monthsWithMovements(movimentos: readonly { data: string }[]): string[] {
  return [...new Set(movimentos.map((movimento) => monthKeyOf(movimento.data)))].sort().reverse()
}

/** The movements of `month` (`YYYY-MM`), or all of them when none is chosen. */
export function movementsOfMonth<T extends { data: string }>(movimentos: readonly T[], month: string | null): T[] {
  return month ? movimentos.filter((movimento) => monthKeyOf(movimento.data) === month) : [...movimentos]
}

/** The day of an instant on the device's calendar, as the month filter counts it. */
export function formatLocalDay(iso: string): string {
  return formatDate(localIsoDate(new Date(iso)))
}
