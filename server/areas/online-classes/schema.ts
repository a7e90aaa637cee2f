import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'

/**
 * Online class meetings of a class (issue 10, SPEC §2 /aula-online): when, who teaches, the
 * topic and the meeting's join link, which the API hands out only while the class is open.
 * `professor` null: the class's own teacher.
 */
export const aulasOnline = pgTable(
  'aulas_online',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    tema: text('tema').notNull(),
    professor: text('professor'),
    inicio: timestamp('inicio', { withTimezone: true, mode: 'date' }).notNull(),
    fim: timestamp('fim', { withTimezone: true, mode: 'date' }).notNull(),
    /** The meeting URL (https only: it opens in a new tab). */
    link: text('link').notNull(),
    ...timestamps,
  },
  (table) => [
    index('aulas_online_turma_id_inicio_idx').on(table.turmaId, table.inicio),
    check('aulas_online_fim_check', sql`${table.fim} > ${table.inicio}`),
    check('aulas_online_link_check', sql`${table.link} ~ '^https://'`),
  ],
)

/** A student's attendance in an online class, recorded when they join (the first time stays). */
export const aulaOnlinePresencas = pgTable(
  'aula_online_presencas',
  {
    id: serial('id').primaryKey(),
    aulaOnlineId: integer('aula_online_id')
      .notNull()
      .references(() => aulasOnline.id, { onDelete: 'cascade' }),
    turmaAlunoId: integer('turma_aluno_id')
      .notNull()
      .references(() => turmaAlunos.id, { onDelete: 'cascade' }),
    presencaEm: timestamp('presenca_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('aula_online_presencas_aula_aluno_unique').on(table.aulaOnlineId, table.turmaAlunoId),
    index('aula_online_presencas_turma_aluno_id_idx').on(table.turmaAlunoId),
  ],
)

export type AulaOnlineRow = typeof aulasOnline.$inferSelect
export type AulaOnlinePresencaRow = typeof aulaOnlinePresencas.$inferSelect
