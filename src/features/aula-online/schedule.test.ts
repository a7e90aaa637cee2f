import { describe, expect, it } from 'vitest'
import type { AulaOnline } from '../../contract/schemas/aula-online.ts'
import { agruparAulas, countdownParts, statusAt } from './schedule.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function aula(id: number, inicio: number, minutos = 60): AulaOnline {
  return {
    id,
    turma_id: 1,
    turma_aluno_id: 1,
    turma_nome: 'Turma',
    tema: `Aula ${id}`,
    professor: null,
    inicio: new Date(inicio).toISOString(),
    fim: new Date(inicio + minutos * MINUTE).toISOString(),
    abre_em: new Date(inicio - 10 * MINUTE).toISOString(),
    status: 'agendada',
    link: null,
    presenca_em: null,
  }
}

describe('online class schedule on the device', () => {
  const noon = new Date(2026, 10, 23, 12, 0).getTime()

  it('goes by the clock: scheduled until 10 minutes before, open until the end, then ended', () => {
    const a = aula(1, noon + HOUR)
    expect(statusAt(a, noon + 49 * MINUTE)).toBe('agendada')
    expect(statusAt(a, noon + 50 * MINUTE)).toBe('aberta')
    expect(statusAt(a, noon + 2 * HOUR - 1)).toBe('aberta')
    expect(statusAt(a, noon + 2 * HOUR)).toBe('encerrada')
  })

  it("puts today's first class not over first, the rest upcoming by start and past latest first", () => {
    const yesterday = aula(1, noon - 24 * HOUR)
    const morning = aula(2, noon - 3 * HOUR)
    const evening = aula(3, noon + 7 * HOUR)
    const tomorrow = aula(4, noon + 24 * HOUR)
    expect(agruparAulas([yesterday, morning, evening, tomorrow], noon)).toEqual({
      hoje: evening,
      proximas: [tomorrow],
      anteriores: [morning, yesterday],
    })
    // Once today's classes are over, today's is the last of them.
    expect(agruparAulas([morning], noon).hoje).toBe(morning)
    expect(agruparAulas([tomorrow], noon)).toEqual({ hoje: null, proximas: [tomorrow], anteriores: [] })
  })

  it('keeps a class that began before midnight and is still going on as today’s', () => {
    const midnight = new Date(2026, 10, 24, 0, 0).getTime()
    const lateEvening = aula(1, midnight - 10 * MINUTE, 120)
    expect(agruparAulas([lateEvening], midnight + 5 * MINUTE)).toEqual({ hoje: lateEvening, proximas: [], anteriores: [] })
    // Over before midnight: yesterday's, among the past ones.
    const over = aula(2, midnight - 2 * HOUR, 60)
    expect(agruparAulas([over], midnight + 5 * MINUTE)).toEqual({ hoje: null, proximas: [], anteriores: [over] })
  })

  it('counts down in days, hours or minutes and seconds', () => {
    expect(countdownParts(2 * 24 * HOUR + 3 * HOUR)).toEqual({ unit: 'days', values: { days: '2', hours: '3' } })
    expect(countdownParts(HOUR + 5 * MINUTE)).toEqual({ unit: 'hours', values: { hours: '1', minutes: '05' } })
    expect(countdownParts(4 * MINUTE + 8_200)).toEqual({ unit: 'minutes', values: { minutes: '4', seconds: '09' } })
    expect(countdownParts(-5)).toEqual({ unit: 'minutes', values: { minutes: '0', seconds: '00' } })
  })
})
