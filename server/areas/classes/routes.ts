import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { NotasAtHome, NotasTurma, Turma } from '../../../src/contract/schemas/turma.ts'
import * as classesRepo from './repository.ts'
import type { AssessmentWithGrade, EnrolledClass } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { notFound } from '../../http/errors.ts'

/** Percent of the course done, 0–100 (0 for a class with no lessons planned yet). */
export function progresso(aulasRealizadas: number, aulasTotal: number): number {
  if (aulasTotal <= 0) return 0
  return Math.min(100, Math.round((aulasRealizadas * 100) / aulasTotal))
}

/**
 * Weighted average of the graded assessments, one decimal; null when none is graded.
 * Computed in tenths × hundredths (grades have one decimal, weights two), so it is exact.
 * Graded ones that all weigh 0 count equally.
 */
export function mediaPonderada(avaliacoes: readonly Pick<AssessmentWithGrade, 'nota' | 'peso'>[]): number | null {
  const graded = avaliacoes.filter((avaliacao): avaliacao is { nota: number; peso: number } => avaliacao.nota !== null)
  if (graded.length === 0) return null
  const weights = graded.map((avaliacao) => Math.round(avaliacao.peso * 100))
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
  if (totalWeight === 0) return mediaSimples(graded.map((avaliacao) => avaliacao.nota))
  const weighted = graded.reduce((sum, avaliacao, index) => sum + Math.round(avaliacao.nota * 10) * weights[index]!, 0)
  return Math.round(weighted / totalWeight) / 10
}

/** Plain average, one decimal; null when there is nothing to average. */
export function mediaSimples(values: readonly (number | null)[]): number | null {
  const graded = values.filter((value): value is number => value !== null)
  if (graded.length === 0) return null
  const tenths = graded.reduce((sum, value) => sum + Math.round(value * 10), 0)
  return Math.round(tenths / graded.length) / 10
}

/** em_andamento while any assessment (or none at all) awaits a grade; then pass or fail by the mark. */
export function gradesStatus(
  avaliacoes: readonly Pick<AssessmentWithGrade, 'nota'>[],
  media: number | null,
  notaMinima: number,
): NotasTurma['situacao'] {
  if (avaliacoes.length === 0 || media === null || avaliacoes.some((avaliacao) => avaliacao.nota === null)) return 'em_andamento'
  return media >= notaMinima ? 'aprovado' : 'reprovado'
}

export function toTurma({ turma, turmaAlunoId, aulasRealizadas, livro }: EnrolledClass): Turma {
  return {
    id: turma.id,
    turma_aluno_id: turmaAlunoId,
    nome: turma.nome,
    idioma: turma.idioma,
    nivel: turma.nivel,
    professor: turma.professor,
    sala: turma.sala,
    modalidade: turma.modalidade,
    somente_digital: turma.somenteDigital,
    horarios: turma.horarios.map(({ dia_semana, inicio, fim }) => ({ dia_semana, inicio, fim })),
    livro: livro ? { id: livro.id, nome: livro.nome, codigo: livro.codigo } : null,
    aulas_total: turma.aulasTotal,
    aulas_realizadas: aulasRealizadas,
    progresso: progresso(aulasRealizadas, turma.aulasTotal),
    data_inicio: turma.dataInicio,
    data_fim: turma.dataFim,
  }
}

export default async function classRoutes(app: FastifyInstance) {
  const scope = (userId: number) => classesRepo.forUser(app.db.orm, userId)

  /** The caller's classes by name; `somente_digital=true` keeps the at-home ones (false = all). */
  contractRoute(app, contract.turmas, async ({ caller, query }) => {
    const turmas = await scope(caller.id).classes({ somenteDigital: query.somente_digital === true })
    return turmas.map(toTurma)
  })

  contractRoute(app, contract.turma, async ({ caller, params }) => {
    const turma = await scope(caller.id).class(params.id)
    if (!turma) throw notFound()
    return toTurma(turma)
  })

  contractRoute(app, contract.notasTurma, async ({ caller, params }) => {
    const notas = await scope(caller.id).classGrades(params.id)
    if (!notas) throw notFound()
    const media = mediaPonderada(notas.avaliacoes)
    return {
      turma_id: notas.turmaId,
      avaliacoes: notas.avaliacoes.map(({ id, nome, tipo, data, peso, nota }) => ({ id, nome, tipo, data, peso, nota })),
      media,
      nota_minima: notas.notaMinima,
      situacao: gradesStatus(notas.avaliacoes, media, notas.notaMinima),
    } satisfies NotasTurma
  })

  /** {id} is the enrolment (turma-aluno), as Turma.turma_aluno_id gives it. */
  contractRoute(app, contract.notasAtHome, async ({ caller, params }) => {
    const notas = await scope(caller.id).atHomeGrades(params.id)
    if (!notas) throw notFound()
    return {
      turma_aluno_id: notas.turmaAlunoId,
      atividades: notas.atividades.map(({ id, atividade, unidade, data, nota }) => ({ id, atividade, unidade, data, nota })),
      media: mediaSimples(notas.atividades.map((atividade) => atividade.nota)),
    } satisfies NotasAtHome
  })
}
