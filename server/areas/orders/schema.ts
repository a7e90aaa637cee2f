import { sql } from 'drizzle-orm'
import { check, index, integer, pgSequence, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { FULFILMENT_STATUS_IDS } from '../../../src/contract/endpoints/manager-orders.ts'
import { ORDER_STATUS_IDS, type OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { clubCuponsParceria } from '../club/schema.ts'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/** An order (pre-invoice, D11); `status` is an id of SPEC §4's table (ORDER_STATUSES). */
export const preInvoices = pgTable(
  'pre_invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order number the student quotes to the school. */
    numero: text('numero').notNull().unique('pre_invoices_numero_unique'),
    status: integer('status').$type<OrderStatusId>().notNull(),
    /**
     * What the student asked for at POST /pre-invoice/create/: product, number of books
     * and instalments. Kept on an order waiting for the level test too, which has no items
     * yet; null on orders from before (the demo's).
     */
    produtoSolicitado: text('produto_solicitado'),
    quantidadeSolicitada: integer('quantidade_solicitada'),
    parcelas: integer('parcelas'),
    /** The client's `Idempotency-Key` of the creation: a replay answers this order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * When an order released from -3 started waiting for payment: SPEC §9's 7 days
     * count from here; null when it waited from its creation.
     */
    aguardandoPagamentoDesde: timestamp('aguardando_pagamento_desde', { withTimezone: true, mode: 'date' }),
    /**
     * The partnership discount coupon (D26) this order used: its books cost the
     * coupon's percentage less. A cancelled order no longer holds it (the index below).
     */
    cupomId: integer('cupom_id').references(() => clubCuponsParceria.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [
    // Caller's orders, newest first (GET /pre-invoice/).
    index('pre_invoices_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    // The staff's fulfilment queue (issue 39): one status's tab oldest first, and the counts by
    // status; and every fulfilment status together (the default tab) in the same order. Without
    // them each page read and sorted every order (500,000 in a school network).
    index('pre_invoices_status_created_at_idx').on(table.status, table.createdAt, table.id),
    index('pre_invoices_fulfilment_created_at_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in (${sql.raw(FULFILMENT_STATUS_IDS.join(', '))})`),
    check('pre_invoices_status_check', sql`${table.status} in (${sql.raw(ORDER_STATUS_IDS.join(', '))})`),
    check('pre_invoices_quantidade_solicitada_check', sql`${table.quantidadeSolicitada} between 1 and 6`),
    check('pre_invoices_parcelas_check', sql`${table.parcelas} between 1 and 12`),
    // Nulls are distinct: orders created without a key never collide.
    unique('pre_invoices_user_id_idempotency_key_unique').on(table.userId, table.idempotencyKey),
    // A coupon is used by one live order at most (D26); cancelling the order gives it back.
    uniqueIndex('pre_invoices_cupom_id_live_unique')
      .on(table.cupomId)
      .where(sql`${table.status} <> -2`),
  ],
)

/**
 * How many orders are in each status, kept by a trigger on `pre_invoices` (migration 0031,
 * in the transaction that inserts, moves or deletes the order): the managers' fulfilment
 * queue shows its tabs' counts on every page, and counting them read every waiting order
 * (300,000 of a network's 500,000, about 50 ms a page). The app only reads it.
 */
export const preInvoiceStatusCounts = pgTable('pre_invoice_status_counts', {
  status: integer('status').$type<OrderStatusId>().primaryKey(),
  total: integer('total').notNull(),
})

/** Numbers of the orders the portal creates ("PV-100001" on): above the demo's PV-0001xx–PV-0003xx. */
export const preInvoiceNumeroSeq = pgSequence('pre_invoices_numero_seq', { startWith: 100001 })

/** A line of an order; money in integer cents (D12). */
export const preInvoiceItems = pgTable(
  'pre_invoice_items',
  {
    id: serial('id').primaryKey(),
    preInvoiceId: integer('pre_invoice_id')
      .notNull()
      .references(() => preInvoices.id, { onDelete: 'cascade' }),
    codigoProduto: text('codigo_produto').notNull(),
    descricao: text('descricao').notNull(),
    quantidade: integer('quantidade').notNull(),
    valorUnitarioCentavos: integer('valor_unitario_centavos').notNull(),
  },
  (table) => [
    index('pre_invoice_items_pre_invoice_id_idx').on(table.preInvoiceId),
    check('pre_invoice_items_quantidade_check', sql`${table.quantidade} >= 1`),
    check('pre_invoice_items_valor_check', sql`${table.valorUnitarioCentavos} >= 0`),
  ],
)

/**
 * The student's data for the order's invoice (POST /pre-invoice/aluno/): one row per
 * order, replaced while the order is not paid yet. A copy, so later profile changes do not
 * rewrite an invoice's addressee.
 */
export const preInvoiceAlunos = pgTable('pre_invoice_alunos', {
  preInvoiceId: integer('pre_invoice_id')
    .primaryKey()
    .references(() => preInvoices.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  /** Digits only. */
  cpf: text('cpf').notNull(),
  email: text('email').notNull(),
  /** Digits only. */
  cep: text('cep').notNull(),
  street: text('street').notNull(),
  streetNumber: text('street_number').notNull(),
  complemento: text('complemento'),
  bairro: text('bairro').notNull(),
  cidade: text('cidade').notNull(),
  /** Two-letter state (UF). */
  uf: text('uf').notNull(),
  ...timestamps,
})

export type PreInvoiceRow = typeof preInvoices.$inferSelect
export type NewPreInvoiceRow = typeof preInvoices.$inferInsert
export type PreInvoiceItemRow = typeof preInvoiceItems.$inferSelect
export type NewPreInvoiceItemRow = typeof preInvoiceItems.$inferInsert
export type PreInvoiceAlunoRow = typeof preInvoiceAlunos.$inferSelect
