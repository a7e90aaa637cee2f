import { sql } from 'drizzle-orm'
import { check, date, index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { turmaAlunos, turmas } from './schema.ts'

export const TIPOS_AVALIACAO = ['prova', 'trabalho', 'oral', 'participacao'] as const
export type TipoAvaliacao = (typeof TIPOS_AVALIACAO)[number]

/** Grades are 0–10 with one decimal (numeric(3,1)), read as JS numbers. */
const grade = (name: string) => numeric(name, { precision: 3, scale: 1, mode: 'number' })

/** An assessment of a class; `peso` weighs it in the class average. */
export const avaliacoes = pgTable(
  'avaliacoes',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: TIPOS_AVALIACAO }).notNull(),
    data: date('data', { mode: 'string' }),
    peso: numeric('peso', { precision: 5, scale: 2, mode: 'number' }).notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('avaliacoes_turma_id_idx').on(table.turmaId),
    check('avaliacoes_tipo_check', sql`${table.tipo} in ('prova', 'trabalho', 'oral', 'participacao')`),
    check('avaliacoes_peso_check', sql`${table.peso} >= 0`),
  ],
)

/** A student's grade in one assessment; `nota` null = not graded yet. */
export const notas = pgTable(
  'notas',
  {
    id: serial('id').primaryKey(),
    avaliacaoId: integer('avaliacao_id')
      .notNull()
      .references(() => avaliacoes.id, { onDelete: 'cascade' }),
    turmaAlunoId: integer('turma_aluno_id')
      .notNull()
      .references(() => turmaAlunos.id, { onDelete: 'cascade' }),
    nota: grade('nota'),
    ...timestamps,
  },
  (table) => [
    unique('notas_avaliacao_id_turma_aluno_id_unique').on(table.avaliacaoId, table.turmaAlunoId),
    index('notas_turma_aluno_id_idx').on(table.turmaAlunoId),
    check('notas_nota_check', sql`${table.nota} between 0 and 10`),
  ],
)

/** An at-home (digital) activity of a class. */
export const atividadesAthome = pgTable(
  'atividades_athome',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    atividade: text('atividade').notNull(),
    unidade: text('unidade'),
    data: date('data', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [index('atividades_athome_turma_id_idx').on(table.turmaId)],
)

/** A student's grade in an at-home activity (per enrolment); `nota` null = not graded yet. */
export const notasAthome = pgTable(
  'notas_athome',
  {
    id: serial('id').primaryKey(),
    atividadeId: integer('atividade_id')
      .notNull()
      .references(() => atividadesAthome.id, { onDelete: 'cascade' }),
    turmaAlunoId: integer('turma_aluno_id')
      .notNull()
      .references(() => turmaAlunos.id, { onDelete: 'cascade' }),
    nota: grade('nota'),
    ...timestamps,
  },
  (table) => [
    unique('notas_athome_atividade_id_turma_aluno_id_unique').on(table.atividadeId, table.turmaAlunoId),
    index('notas_athome_turma_aluno_id_idx').on(table.turmaAlunoId),
    check('notas_athome_nota_check', sql`${table.nota} between 0 and 10`),
  ],
)

export type AvaliacaoRow = typeof avaliacoes.$inferSelect
export type NewAvaliacaoRow = typeof avaliacoes.$inferInsert
export type NotaRow = typeof notas.$inferSelect
export type NewNotaRow = typeof notas.$inferInsert
export type AtividadeAthomeRow = typeof atividadesAthome.$inferSelect
export type NewAtividadeAthomeRow = typeof atividadesAthome.$inferInsert
export type NotaAthomeRow = typeof notasAthome.$inferSelect
export type NewNotaAthomeRow = typeof notasAthome.$inferInsert
