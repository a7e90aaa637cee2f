import * as v from 'valibot'
import { IsoDate } from './common.ts'

export const Livro = v.object({ id: v.number(), nome: v.string(), codigo: v.string() })

/** One weekly meeting: 0 = Sunday … 6 = Saturday, times `HH:MM` in the school's zone. */
export const HorarioAula = v.object({
  dia_semana: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  inicio: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  fim: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
})
export type HorarioAula = v.InferOutput<typeof HorarioAula>

export const Modalidade = v.picklist(['presencial', 'online', 'digital'])

/** A class the student is enrolled in (GET /at-home/turmas/, /at-home/turma/{id}/). */
export const Turma = v.object({
  id: v.number(),
  /** The student's enrolment in this class (turma-aluno), used by the at-home grades call. */
  turma_aluno_id: v.number(),
  nome: v.string(),
  idioma: v.string(),
  nivel: v.string(),
  professor: v.nullable(v.string()),
  sala: v.nullable(v.string()),
  modalidade: Modalidade,
  somente_digital: v.boolean(),
  horarios: v.array(HorarioAula),
  livro: v.nullable(Livro),
  aulas_total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  aulas_realizadas: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Percent of the course done, 0–100. */
  progresso: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  data_inicio: IsoDate,
  data_fim: v.nullable(IsoDate),
})
export type Turma = v.InferOutput<typeof Turma>

/** Grades are 0–10 with one decimal, as Brazilian schools write them. */
export const Nota = v.pipe(v.number(), v.minValue(0), v.maxValue(10))

export const Avaliacao = v.object({
  id: v.number(),
  nome: v.string(),
  tipo: v.picklist(['prova', 'trabalho', 'oral', 'participacao']),
  data: v.nullable(IsoDate),
  peso: v.pipe(v.number(), v.minValue(0)),
  /** null until graded. */
  nota: v.nullable(Nota),
})
export type Avaliacao = v.InferOutput<typeof Avaliacao>

export const SituacaoNotas = v.picklist(['aprovado', 'reprovado', 'em_andamento'])

/** GET /at-home/turma/{id}/notas/: the class's assessments and the student's grades. */
export const NotasTurma = v.object({
  turma_id: v.number(),
  avaliacoes: v.array(Avaliacao),
  /** Weighted average of the graded assessments; null when none is graded. */
  media: v.nullable(Nota),
  /** Pass mark. */
  nota_minima: Nota,
  situacao: SituacaoNotas,
})
export type NotasTurma = v.InferOutput<typeof NotasTurma>

export const NotaAtHome = v.object({
  id: v.number(),
  atividade: v.string(),
  unidade: v.nullable(v.string()),
  data: v.nullable(IsoDate),
  nota: v.nullable(Nota),
})

/** GET /at-home/turma-aluno/{id}/notas/athome/: grades of the at-home (digital) activities. */
export const NotasAtHome = v.object({
  turma_aluno_id: v.number(),
  atividades: v.array(NotaAtHome),
  media: v.nullable(Nota),
})
export type NotasAtHome = v.InferOutput<typeof NotasAtHome>
