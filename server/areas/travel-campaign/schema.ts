import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * The travel campaign "KNN abre o mundo" (issue 14, D27): a period, rules and a prize
 * trip. A code is valid only in `[inicio, fim)`.
 */
export const campanhasViagem = pgTable(
  'campanhas_viagem',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull().unique('campanhas_viagem_nome_unique'),
    descricao: text('descricao').notNull(),
    regulamento: text('regulamento').notNull(),
    premio: text('premio').notNull(),
    inicio: instant('inicio').notNull(),
    fim: instant('fim').notNull(),
    ...timestamps,
  },
  (table) => [check('campanhas_viagem_periodo_check', sql`${table.fim} > ${table.inicio}`)],
)

/**
 * The QR codes printed in books and at school events (D27): `codigo` is the last segment of
 * `/at-home/scanear-qr-code/{campanha}/{codigo}/`, unique across campaigns, stored upper case.
 */
export const campanhaQrCodes = pgTable(
  'campanha_qr_codes',
  {
    id: serial('id').primaryKey(),
    campanhaId: integer('campanha_id')
      .notNull()
      .references(() => campanhasViagem.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull().unique('campanha_qr_codes_codigo_unique'),
    descricao: text('descricao').notNull(),
    entradas: integer('entradas').notNull(),
    ...timestamps,
  },
  (table) => [
    index('campanha_qr_codes_campanha_id_idx').on(table.campanhaId),
    check('campanha_qr_codes_entradas_check', sql`${table.entradas} between 1 and 1000`),
    check('campanha_qr_codes_codigo_check', sql`${table.codigo} ~ '^[A-Z0-9_-]{1,32}$'`),
  ],
)

/** A student's enrolment in a campaign, with when the rules were accepted. */
export const campanhaParticipacoes = pgTable(
  'campanha_participacoes',
  {
    id: serial('id').primaryKey(),
    campanhaId: integer('campanha_id')
      .notNull()
      .references(() => campanhasViagem.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regulamentoAceitoEm: instant('regulamento_aceito_em').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('campanha_participacoes_campanha_user_unique').on(table.campanhaId, table.userId),
    index('campanha_participacoes_user_id_idx').on(table.userId),
  ],
)

/**
 * Each code a student validated: the unique (user, code) index is what makes a code
 * count once per student, however many sends race; `entradas` is the code's worth then;
 * `idempotencyKey` is the device's key, so the same send again answers with this row.
 */
export const campanhaValidacoes = pgTable(
  'campanha_validacoes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qrCodeId: integer('qr_code_id')
      .notNull()
      .references(() => campanhaQrCodes.id, { onDelete: 'cascade' }),
    campanhaId: integer('campanha_id')
      .notNull()
      .references(() => campanhasViagem.id, { onDelete: 'cascade' }),
    entradas: integer('entradas').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    validadoEm: instant('validado_em').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('campanha_validacoes_user_qr_code_unique').on(table.userId, table.qrCodeId),
    uniqueIndex('campanha_validacoes_user_key_unique').on(table.userId, table.idempotencyKey),
    index('campanha_validacoes_campanha_user_idx').on(table.campanhaId, table.userId),
  ],
)

export type CampanhaViagemRow = typeof campanhasViagem.$inferSelect
export type CampanhaValidacaoRow = typeof campanhaValidacoes.$inferSelect
