import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * The English level test /english-test (issue 10): a bank of multiple-choice
 * questions by CEFR level, one attempt per student at a time with the server's clock
 * (`expira_em`), the answers saved as the student goes, and the result (score and level)
 * recorded on the attempt for the order machine to read (D11 -3 → 1, issue 12).
 */
export const englishTestQuestoes = pgTable(
  'english_test_questoes',
  {
    id: serial('id').primaryKey(),
    /** Stable name of the question, so seeding only adds what is missing. */
    codigo: text('codigo').notNull().unique(),
    /** CEFR level: A1, A2, B1, B2 or C1. */
    nivel: text('nivel').notNull(),
    /** Order within the test (levels ascending). */
    ordem: integer('ordem').notNull(),
    enunciado: text('enunciado').notNull(),
    /** The choices, shown in this order; their index is the answer's `opcao`. */
    opcoes: text('opcoes').array().notNull(),
    /** Index in `opcoes` of the right choice: never sent before the attempt is finished. */
    correta: integer('correta').notNull(),
    ...timestamps,
  },
  (table) => [check('english_test_questoes_correta_check', sql`${table.correta} >= 0 and ${table.correta} < cardinality(${table.opcoes})`)],
)

export const englishTestTentativas = pgTable(
  'english_test_tentativas',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    iniciadaEm: timestamp('iniciada_em', { withTimezone: true, mode: 'date' }).notNull(),
    /** The server's deadline: answers after it are refused, the attempt ends with what was saved. */
    expiraEm: timestamp('expira_em', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null while in progress; the deadline itself when time ran out. */
    finalizadaEm: timestamp('finalizada_em', { withTimezone: true, mode: 'date' }),
    /** The bank's questions at the start, in the order shown. */
    questaoIds: integer('questao_ids').array().notNull(),
    /** Set when finished. */
    acertos: integer('acertos'),
    /** CEFR level reached: PRE_A1, A1, A2, B1, B2 or C1; set when finished. */
    nivel: text('nivel'),
    ...timestamps,
  },
  (table) => [
    // One attempt in progress per student.
    uniqueIndex('english_test_tentativas_em_andamento_unique')
      .on(table.userId)
      .where(sql`${table.finalizadaEm} is null`),
    index('english_test_tentativas_user_id_idx').on(table.userId, table.iniciadaEm),
  ],
)

/** The student's choice for one question of an attempt; saving it again replaces it (idempotent). */
export const englishTestRespostas = pgTable(
  'english_test_respostas',
  {
    tentativaId: integer('tentativa_id')
      .notNull()
      .references(() => englishTestTentativas.id, { onDelete: 'cascade' }),
    questaoId: integer('questao_id')
      .notNull()
      .references(() => englishTestQuestoes.id, { onDelete: 'cascade' }),
    opcao: integer('opcao').notNull(),
    respondidaEm: timestamp('respondida_em', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tentativaId, table.questaoId] })],
)
