import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../../db/timestamps.ts'
import { BENEFICIOS_CUPOM, STATUS_INDICACAO, STATUS_PEDIDO_RECOMPENSA } from '../../../src/contract/schemas/club.ts'
import { users } from '../users/schema.ts'

/**
 * The KNN Club (issue 13, D23–D26). The balance is never stored: it is derived
 * from the ledger (`club_movimentos`) and the FIFO allocations of each debit
 * (`club_alocacoes`) in SQL, expiry included (12 months after a credit, oldest first).
 */

export const TIPOS_MOVIMENTO = ['credito', 'debito'] as const
/**
 * Where points come from or go: a converted referral (D25), an instalment paid on time
 * (D23), a partnership coupon (D26), a redemption (D24), a cancelled redemption's points
 * given back (`estorno`).
 */
export const ORIGENS_LEDGER = ['indicacao', 'parcela', 'parceria', 'resgate', 'estorno'] as const

/**
 * One movement of a student's points. `(origem, referencia)` is unique: the same referral,
 * instalment, coupon, redemption or cancellation can never move points twice, whatever
 * races.
 */
export const clubMovimentos = pgTable(
  'club_movimentos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: TIPOS_MOVIMENTO }).notNull(),
    origem: text('origem', { enum: ORIGENS_LEDGER }).notNull(),
    /** The id of what caused it (lead, instalment, coupon, reward order), as text. */
    referencia: text('referencia').notNull(),
    /** Always positive; `tipo` gives the sign. */
    pontos: integer('pontos').notNull(),
    /** What the statement says, fixed when written (a reward renamed later keeps its old name here). */
    descricao: text('descricao').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('club_movimentos_origem_referencia_unique').on(table.origem, table.referencia),
    index('club_movimentos_user_idx').on(table.userId, table.createdAt),
    check('club_movimentos_tipo_check', sql`${table.tipo} in ('credito', 'debito')`),
    check('club_movimentos_origem_check', sql`${table.origem} in ('indicacao', 'parcela', 'parceria', 'resgate', 'estorno')`),
    check('club_movimentos_origem_tipo_check', sql`(${table.tipo} = 'debito') = (${table.origem} = 'resgate')`),
    check('club_movimentos_pontos_check', sql`${table.pontos} > 0`),
  ],
)

/**
 * Which credits a debit used, oldest first (D23): a credit's remaining points are its
 * amount minus its allocations; what remains at its expiry expires.
 */
export const clubAlocacoes = pgTable(
  'club_alocacoes',
  {
    id: serial('id').primaryKey(),
    debitoId: integer('debito_id')
      .notNull()
      .references(() => clubMovimentos.id, { onDelete: 'cascade' }),
    creditoId: integer('credito_id')
      .notNull()
      .references(() => clubMovimentos.id, { onDelete: 'cascade' }),
    pontos: integer('pontos').notNull(),
  },
  (table) => [
    index('club_alocacoes_credito_idx').on(table.creditoId),
    index('club_alocacoes_debito_idx').on(table.debitoId),
    check('club_alocacoes_pontos_check', sql`${table.pontos} > 0`),
  ],
)

/** The rewards catalogue (D24). `estoque` never goes below zero (the check backs the conditional update). */
export const clubRecompensas = pgTable(
  'club_recompensas',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao').notNull(),
    /** An https URL or a path on the portal's host; null: the screen's placeholder. */
    imagem: text('imagem'),
    custo: integer('custo').notNull(),
    estoque: integer('estoque').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('club_recompensas_nome_unique').on(table.nome),
    check('club_recompensas_custo_check', sql`${table.custo} > 0`),
    check('club_recompensas_estoque_check', sql`${table.estoque} >= 0`),
  ],
)

/** A redemption (meus-pedidos): solicitado → separado → entregue, or cancelado (D24). */
export const clubPedidosRecompensa = pgTable(
  'club_pedidos_recompensa',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recompensaId: integer('recompensa_id')
      .notNull()
      .references(() => clubRecompensas.id),
    /** The cost paid, fixed at the redemption. */
    pontos: integer('pontos').notNull(),
    status: text('status', { enum: STATUS_PEDIDO_RECOMPENSA }).notNull().default('solicitado'),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('club_pedidos_recompensa_user_idx').on(table.userId),
    // The staff's queue (issue 39), oldest first: one status's tab and the counts by status,
    // and every status together; without them each page read and sorted every reward order.
    index('club_pedidos_recompensa_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('club_pedidos_recompensa_created_at_idx').on(table.createdAt, table.id),
    check('club_pedidos_recompensa_status_check', sql`${table.status} in ('solicitado', 'separado', 'entregue', 'cancelado')`),
    check('club_pedidos_recompensa_pontos_check', sql`${table.pontos} > 0`),
  ],
)

/** Each student's personal referral code (D25), made the first time it is asked for. */
export const clubCodigosIndicacao = pgTable(
  'club_codigos_indicacao',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('club_codigos_indicacao_codigo_unique').on(table.codigo)],
)

/**
 * A friend's referral (D25): unique by e-mail and by phone, so the first referrer keeps
 * the lead. `creditado_em` is set once, with the referrer's credit.
 */
export const clubIndicacoes = pgTable(
  'club_indicacoes',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    /** Digits only: DDD + number. */
    telefone: text('telefone').notNull(),
    /** Lower-case. */
    email: text('email').notNull(),
    consentimentoEm: instant('consentimento_em').notNull(),
    status: text('status', { enum: STATUS_INDICACAO }).notNull().default('novo'),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('club_indicacoes_email_unique').on(table.email),
    uniqueIndex('club_indicacoes_telefone_unique').on(table.telefone),
    index('club_indicacoes_referrer_idx').on(table.referrerId),
    // The managers' leads, newest first (issue 39): one status's tab, and every lead together;
    // without the second each page joined and sorted all 50,000 leads of a network.
    index('club_indicacoes_status_idx').on(table.status, table.createdAt, table.id),
    index('club_indicacoes_created_at_idx').on(table.createdAt, table.id),
    check('club_indicacoes_status_check', sql`${table.status} in ('novo', 'contatado', 'matriculado', 'descartado')`),
  ],
)

/**
 * A partner company's coupon (D26): a percentage off the next order's books, or points.
 * `usado_por` is set once (one student per coupon).
 */
export const clubCuponsParceria = pgTable(
  'club_cupons_parceria',
  {
    id: serial('id').primaryKey(),
    /** Upper-case. */
    codigo: text('codigo').notNull(),
    empresa: text('empresa').notNull(),
    beneficio: text('beneficio', { enum: BENEFICIOS_CUPOM }).notNull(),
    /** `desconto`: percent off the next order's books. */
    percentual: integer('percentual'),
    /** `pontos`: points credited when attached. */
    pontos: integer('pontos'),
    expiraEm: instant('expira_em').notNull(),
    usadoPor: integer('usado_por').references(() => users.id, { onDelete: 'set null' }),
    usadoEm: instant('usado_em'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('club_cupons_parceria_codigo_unique').on(table.codigo),
    index('club_cupons_parceria_usado_por_idx').on(table.usadoPor),
    check('club_cupons_parceria_beneficio_check', sql`${table.beneficio} in ('desconto', 'pontos')`),
    check(
      'club_cupons_parceria_valor_check',
      sql`(${table.beneficio} = 'desconto' and ${table.percentual} between 1 and 100 and ${table.pontos} is null) or (${table.beneficio} = 'pontos' and ${table.pontos} > 0 and ${table.percentual} is null)`,
    ),
  ],
)

export type ClubMovimentoRow = typeof clubMovimentos.$inferSelect
export type ClubRecompensaRow = typeof clubRecompensas.$inferSelect
export type ClubPedidoRecompensaRow = typeof clubPedidosRecompensa.$inferSelect
export type ClubIndicacaoRow = typeof clubIndicacoes.$inferSelect
export type ClubCupomParceriaRow = typeof clubCuponsParceria.$inferSelect
