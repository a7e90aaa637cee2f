import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import type { HorarioAula } from '../../../src/contract/schemas/turma.ts'
import { companies } from '../users/companies-schema.ts'
import { livros } from '../books/schema.ts'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

export const MODALIDADES = ['presencial', 'online', 'digital'] as const
export type ModalidadeTurma = (typeof MODALIDADES)[number]

/**
 * A class of a school. `somente_digital` marks the at-home (digital-only) classes the
 * client lists with `?somente_digital=true`; such a class is always `modalidade = digital`.
 */
export const turmas = pgTable(
  'turmas',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    idioma: text('idioma').notNull(),
    nivel: text('nivel').notNull(),
    professor: text('professor'),
    sala: text('sala'),
    modalidade: text('modalidade', { enum: MODALIDADES }).notNull(),
    somenteDigital: boolean('somente_digital').notNull().default(false),
    /** Weekly meetings in the school's zone; empty for digital-only classes. */
    horarios: jsonb('horarios').$type<HorarioAula[]>().notNull().default([]),
    livroId: integer('livro_id').references(() => livros.id, { onDelete: 'set null' }),
    aulasTotal: integer('aulas_total').notNull().default(0),
    /** Calendar dates (no zone): kept as `YYYY-MM-DD` text end to end. */
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    dataFim: date('data_fim', { mode: 'string' }),
    /** Pass mark on the 0–10 scale. */
    notaMinima: numeric('nota_minima', { precision: 3, scale: 1, mode: 'number' }).notNull().default(7),
    ...timestamps,
  },
  (table) => [
    index('turmas_company_id_idx').on(table.companyId),
    index('turmas_livro_id_idx').on(table.livroId),
    check('turmas_modalidade_check', sql`${table.modalidade} in ('presencial', 'online', 'digital')`),
    check('turmas_somente_digital_check', sql`not ${table.somenteDigital} or ${table.modalidade} = 'digital'`),
    check('turmas_aulas_total_check', sql`${table.aulasTotal} >= 0`),
    check('turmas_datas_check', sql`${table.dataFim} is null or ${table.dataFim} >= ${table.dataInicio}`),
    check('turmas_nota_minima_check', sql`${table.notaMinima} between 0 and 10`),
  ],
)

/** A student's enrolment in a class (turma-aluno): the at-home grades hang off it. */
export const turmaAlunos = pgTable(
  'turma_alunos',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aulasRealizadas: integer('aulas_realizadas').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    unique('turma_alunos_turma_id_user_id_unique').on(table.turmaId, table.userId),
    // The caller-scoped lookups start from the user (D7).
    index('turma_alunos_user_id_idx').on(table.userId),
    check('turma_alunos_aulas_realizadas_check', sql`${table.aulasRealizadas} >= 0`),
  ],
)

export type TurmaRow = typeof turmas.$inferSelect
export type NewTurmaRow = typeof turmas.$inferInsert
export type TurmaAlunoRow = typeof turmaAlunos.$inferSelect
export type NewTurmaAlunoRow = typeof turmaAlunos.$inferInsert
