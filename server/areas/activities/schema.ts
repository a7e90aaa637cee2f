import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'

/**
 * Activities of a class (issue 10, SPEC §7 turma-aluno-atividades): the teacher's statement
 * with a due date, one row per enrolled student (`turma_aluno_atividades`, the `{id}` of the
 * student's calls), the files a student sent and the teacher's corrections. Files live in
 * file storage (server/plugins/file-storage.ts); these rows hold their keys.
 */
export const turmaAtividades = pgTable(
  'turma_atividades',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => turmas.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    enunciado: text('enunciado').notNull(),
    /** Calendar date (no zone), `YYYY-MM-DD`; null = no deadline. */
    dataEntrega: date('data_entrega', { mode: 'string' }),
    /** An activity held as a class: when it starts. Only these take presence. */
    aulaEm: timestamp('aula_em', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [index('turma_atividades_turma_id_idx').on(table.turmaId)],
)

/** An activity assigned to one enrolment: what the student's calls name, and their presence. */
export const turmaAlunoAtividades = pgTable(
  'turma_aluno_atividades',
  {
    id: serial('id').primaryKey(),
    turmaAtividadeId: integer('turma_atividade_id')
      .notNull()
      .references(() => turmaAtividades.id, { onDelete: 'cascade' }),
    turmaAlunoId: integer('turma_aluno_id')
      .notNull()
      .references(() => turmaAlunos.id, { onDelete: 'cascade' }),
    /** When the student recorded presence in the activity's class; null = not (yet). */
    presencaEm: timestamp('presenca_em', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    unique('turma_aluno_atividades_atividade_aluno_unique').on(table.turmaAtividadeId, table.turmaAlunoId),
    index('turma_aluno_atividades_turma_aluno_id_idx').on(table.turmaAlunoId),
  ],
)

/** What every stored file row carries: where it is, what the student called it, what it is. */
const storedFileColumns = () => ({
  /** The file storage's key (UUID). */
  chave: text('chave').notNull(),
  /** The sender's file name, cleaned. */
  nome: text('nome').notNull(),
  tamanho: integer('tamanho').notNull(),
  /** Media type accepted and checked by content. */
  tipo: text('tipo').notNull(),
  /** Hex SHA-256 of the bytes as received: the student's receipt can be checked against it. */
  sha256: text('sha256').notNull(),
})

/**
 * A file a student sent for an activity. `idempotency_key` is the client's key of the send
 * (D16): unique per user, so a replay finds this row instead of making another. A
 * deleted file keeps its row (`excluido_em`, its bytes gone) so a late replay of its key
 * is not taken for a new send.
 */
export const atividadeArquivos = pgTable(
  'atividade_arquivos',
  {
    id: serial('id').primaryKey(),
    turmaAlunoAtividadeId: integer('turma_aluno_atividade_id')
      .notNull()
      .references(() => turmaAlunoAtividades.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    ...storedFileColumns(),
    recebidoEm: timestamp('recebido_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    excluidoEm: timestamp('excluido_em', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('atividade_arquivos_user_id_idempotency_key_unique').on(table.userId, table.idempotencyKey),
    unique('atividade_arquivos_chave_unique').on(table.chave),
    index('atividade_arquivos_turma_aluno_atividade_id_idx').on(table.turmaAlunoAtividadeId),
    check('atividade_arquivos_tamanho_check', sql`${table.tamanho} > 0`),
    check('atividade_arquivos_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** The teacher's correction of a student's activity: a file and an optional comment. */
export const atividadeCorrecoes = pgTable(
  'atividade_correcoes',
  {
    id: serial('id').primaryKey(),
    turmaAlunoAtividadeId: integer('turma_aluno_atividade_id')
      .notNull()
      .references(() => turmaAlunoAtividades.id, { onDelete: 'cascade' }),
    ...storedFileColumns(),
    comentario: text('comentario'),
    corrigidoEm: timestamp('corrigido_em', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('atividade_correcoes_chave_unique').on(table.chave),
    index('atividade_correcoes_turma_aluno_atividade_id_idx').on(table.turmaAlunoAtividadeId),
    check('atividade_correcoes_tamanho_check', sql`${table.tamanho} > 0`),
    check('atividade_correcoes_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

export type TurmaAtividadeRow = typeof turmaAtividades.$inferSelect
export type TurmaAlunoAtividadeRow = typeof turmaAlunoAtividades.$inferSelect
export type AtividadeArquivoRow = typeof atividadeArquivos.$inferSelect
export type AtividadeCorrecaoRow = typeof atividadeCorrecoes.$inferSelect
