import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { livros } from '../books/schema.ts'
import { atividadesAthome } from '../classes/grades-schema.ts'
import { timestamps } from '../../db/timestamps.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'

/**
 * The practice area (issue 10, /pedagogico/minha-pratica/{id}): audio lessons, vocabulary
 * and tests of a course book, so every class with that book shares them. Audio files
 * are same-origin static files (`arquivo` is their URL path), never personal data.
 */
export const praticaAudios = pgTable(
  'pratica_audios',
  {
    id: serial('id').primaryKey(),
    livroId: integer('livro_id')
      .notNull()
      .references(() => livros.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    duracaoSegundos: integer('duracao_segundos').notNull(),
    /** URL path of the audio file, e.g. `/media/pratica/ing-int2-1.ogg`. */
    arquivo: text('arquivo').notNull(),
    ordem: integer('ordem').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('pratica_audios_livro_id_idx').on(table.livroId),
    check('pratica_audios_duracao_check', sql`${table.duracaoSegundos} >= 0`),
  ],
)

export const praticaVocabulario = pgTable(
  'pratica_vocabulario',
  {
    id: serial('id').primaryKey(),
    livroId: integer('livro_id')
      .notNull()
      .references(() => livros.id, { onDelete: 'cascade' }),
    palavra: text('palavra').notNull(),
    traducao: text('traducao').notNull(),
    exemplo: text('exemplo').notNull(),
    /** URL path of the word's pronunciation; null when there is none. */
    audio: text('audio'),
    ordem: integer('ordem').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('pratica_vocabulario_livro_id_idx').on(table.livroId)],
)

/** One question of a practice test: its options and which one is right. */
export interface QuestaoPratica {
  id: number
  enunciado: string
  opcoes: { id: number; texto: string }[]
  correta: number
}

export const praticaTestes = pgTable(
  'pratica_testes',
  {
    id: serial('id').primaryKey(),
    livroId: integer('livro_id')
      .notNull()
      .references(() => livros.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    unidade: text('unidade'),
    questoes: jsonb('questoes').$type<QuestaoPratica[]>().notNull(),
    ordem: integer('ordem').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('pratica_testes_livro_id_idx').on(table.livroId)],
)

/**
 * The at-home activity a test's scores show under, per class: made on the first
 * score saved in that class, so `GET …/notas/athome/` lists the test with the best score.
 */
export const praticaTesteAtividades = pgTable(
  'pratica_teste_atividades',
  {
    id: serial('id').primaryKey(),
    testeId: integer('teste_id')
      .notNull()
      .references(() => praticaTestes.id, { onDelete: 'cascade' }),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    atividadeAthomeId: integer('atividade_athome_id')
      .notNull()
      .unique('pratica_teste_atividades_atividade_unique')
      .references(() => atividadesAthome.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [unique('pratica_teste_atividades_teste_turma_unique').on(table.testeId, table.turmaId)],
)

/**
 * Each test a student finished, as sent (possibly late, from the device's queue): the
 * client's `Idempotency-Key` is unique per user, so a result sent twice is stored once.
 */
export const praticaResultados = pgTable(
  'pratica_resultados',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    turmaAlunoId: integer('turma_aluno_id')
      .notNull()
      .references(() => turmaAlunos.id, { onDelete: 'cascade' }),
    testeId: integer('teste_id')
      .notNull()
      .references(() => praticaTestes.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The chosen option per question id, as sent. */
    respostas: jsonb('respostas').$type<Record<string, number>>().notNull(),
    acertos: integer('acertos').notNull(),
    total: integer('total').notNull(),
    nota: numeric('nota', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    /** When the student finished it on the device (may be long before it arrived). */
    feitoEm: timestamp('feito_em', { withTimezone: true, mode: 'date' }).notNull(),
    recebidoEm: timestamp('recebido_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    unique('pratica_resultados_user_key_unique').on(table.userId, table.idempotencyKey),
    index('pratica_resultados_turma_aluno_id_idx').on(table.turmaAlunoId),
    check('pratica_resultados_nota_check', sql`${table.nota} between 0 and 10`),
    check('pratica_resultados_acertos_check', sql`${table.acertos} between 0 and ${table.total}`),
  ],
)

export type PraticaTesteRow = typeof praticaTestes.$inferSelect
export type PraticaResultadoRow = typeof praticaResultados.$inferSelect
