import type { AulaOnline, AulaOnlineStatus } from '../../contract/schemas/aula-online.ts'
import { localIsoDate, twoDigits } from '../../ui/format.ts'

/**
 * Where a class stands by the device's clock (the join window: `abre_em` to `fim`). The stored
 * `status` was true when the list was fetched; a screen open for a while, or offline, goes
 * by the clock instead.
 */
export function statusAt(aula: Pick<AulaOnline, 'abre_em' | 'fim'>, now: number): AulaOnlineStatus {
  if (now < Date.parse(aula.abre_em)) return 'agendada'
  return now < Date.parse(aula.fim) ? 'aberta' : 'encerrada'
}

/** The device's calendar day of an instant, `YYYY-MM-DD`. */
function localDay(instant: number): string {
  return localIsoDate(new Date(instant))
}

export interface AulasAgrupadas {
  /**
   * Today's class (the server's aula-hoje rule, on the device): the first of today not over, else today's last.
   * A class still going on that began before midnight counts as today's.
   */
  hoje: AulaOnline | null
  /** Not over yet, by start (today's other classes included). */
  proximas: AulaOnline[]
  /** Over, the latest first. */
  anteriores: AulaOnline[]
}

/** The list screen's three parts; `aulas` come by start. */
export function agruparAulas(aulas: readonly AulaOnline[], now: number): AulasAgrupadas {
  const today = localDay(now)
  const deHoje = aulas.filter(
    (aula) => localDay(Date.parse(aula.inicio)) === today || (Date.parse(aula.inicio) <= now && now < Date.parse(aula.fim)),
  )
  const hoje = deHoje.find((aula) => Date.parse(aula.fim) > now) ?? deHoje.at(-1) ?? null
  const rest = aulas.filter((aula) => aula !== hoje)
  return {
    hoje,
    proximas: rest.filter((aula) => Date.parse(aula.fim) > now),
    anteriores: rest.filter((aula) => Date.parse(aula.fim) <= now).reverse(),
  }
}

/** A countdown's parts, for "2 d 3 h", "1 h 05 min" or "4 min 09 s". */
export function countdownParts(ms: number): {
  unit: 'days' | 'hours' | 'minutes'
  values: { days?: string; hours?: string; minutes?: string; seconds?: string }
} {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  if (days > 0) return { unit: 'days', values: { days: String(days), hours: String(hours) } }
  if (hours > 0) return { unit: 'hours', values: { hours: String(hours), minutes: twoDigits(minutes) } }
  return { unit: 'minutes', values: { minutes: String(minutes), seconds: twoDigits(seconds) } }
}
