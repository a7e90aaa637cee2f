import { describe, expect, it } from 'vitest'
import type { Turma } from '../../contract/schemas/turma.ts'
import { describeSchedule, meetingsOn, nextMeeting } from './schedule.ts'

function turma(id: number, horarios: Turma['horarios']): Turma {
  return {
    id,
    turma_aluno_id: id * 10,
    nome: `Turma ${id}`,
    idioma: 'Inglês',
    nivel: 'Básico 1',
    professor: null,
    sala: null,
    modalidade: 'presencial',
    somente_digital: false,
    horarios,
    livro: null,
    aulas_total: 40,
    aulas_realizadas: 10,
    progresso: 25,
    data_inicio: '2026-02-01',
    data_fim: null,
  }
}

describe('class schedule', () => {
  it('describes weekly meetings in Portuguese', () => {
    expect(
      describeSchedule([
        { dia_semana: 3, inicio: '19:00', fim: '20:30' },
        { dia_semana: 1, inicio: '19:00', fim: '20:30' },
      ]),
    ).toBe('Seg e Qua, 19:00–20:30')
    expect(
      describeSchedule([
        { dia_semana: 2, inicio: '08:00', fim: '09:00' },
        { dia_semana: 4, inicio: '10:00', fim: '11:00' },
      ]),
    ).toBe('Ter 08:00–09:00 · Qui 10:00–11:00')
    expect(describeSchedule([])).toBe('')
  })

  const ingles = turma(1, [
    { dia_semana: 1, inicio: '19:00', fim: '20:30' },
    { dia_semana: 3, inicio: '19:00', fim: '20:30' },
  ])
  const espanhol = turma(2, [{ dia_semana: 1, inicio: '08:00', fim: '09:00' }])

  it("lists today's meetings in order", () => {
    const monday = new Date(2026, 10, 23, 7, 0) // 23 Nov 2026 is a Monday
    expect(meetingsOn([ingles, espanhol], monday).map((m) => m.turma.id)).toEqual([2, 1])
    expect(meetingsOn([ingles, espanhol], new Date(2026, 10, 24))).toEqual([])
  })

  it('finds the next meeting, skipping the ones already over', () => {
    const mondayNight = new Date(2026, 10, 23, 21, 0)
    const next = nextMeeting([ingles, espanhol], mondayNight)
    expect(next?.turma.id).toBe(1)
    expect(next?.daysAhead).toBe(2)
    expect(nextMeeting([turma(3, [])], mondayNight)).toBeNull()
  })
})
