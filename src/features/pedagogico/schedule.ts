import type { HorarioAula, Turma } from '../../contract/schemas/turma.ts'
import { compareIso, formatClock } from '../../ui/format.ts'

const DAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const

/** "Seg e Qua, 19:00–20:30"; meetings at different times are listed one by one. */
export function describeSchedule(horarios: HorarioAula[]): string {
  if (horarios.length === 0) return ''
  const sorted = [...horarios].sort((a, b) => a.dia_semana - b.dia_semana || compareIso(a.inicio, b.inicio))
  const sameTime = sorted.every((h) => h.inicio === sorted[0]!.inicio && h.fim === sorted[0]!.fim)
  if (sameTime) {
    const days = sorted.map((h) => DAY_SHORT[h.dia_semana]!)
    const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} e ${days.at(-1)}` : days[0]!
    return `${list}, ${sorted[0]!.inicio}–${sorted[0]!.fim}`
  }
  return sorted.map((h) => `${DAY_SHORT[h.dia_semana]} ${h.inicio}–${h.fim}`).join(' · ')
}

export interface ClassMeeting {
  turma: Turma
  horario: HorarioAula
}

/** Today's meetings in the device's zone, in order; used by the dashboard's "Aula de hoje". */
export function meetingsOn(turmas: Turma[], day: Date): ClassMeeting[] {
  const weekday = day.getDay()
  return turmas
    .flatMap((turma) => turma.horarios.filter((h) => h.dia_semana === weekday).map((horario) => ({ turma, horario })))
    .sort((a, b) => compareIso(a.horario.inicio, b.horario.inicio))
}

/** The next meeting after `now` within a week, for when there is no class today. */
export function nextMeeting(turmas: Turma[], now: Date): (ClassMeeting & { daysAhead: number }) | null {
  const time = formatClock(now)
  for (let daysAhead = 0; daysAhead < 8; daysAhead++) {
    const day = new Date(now)
    day.setDate(now.getDate() + daysAhead)
    const meeting = meetingsOn(turmas, day).find((m) => daysAhead > 0 || m.horario.fim > time)
    if (meeting) return { ...meeting, daysAhead }
  }
  return null
}
