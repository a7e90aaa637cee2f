import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { ORDER_STATUS_IDS, type OrderStatusId } from '../../../src/api/schemas/pedido.ts'
import { timestamps } from './timestamps.ts'
import { users } from './users.ts'

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
    ...timestamps,
  },
  (table) => [
    // Caller's orders, newest first (GET /pre-invoice/).
    index('pre_invoices_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    check('pre_invoices_status_check', sql`${table.status} in (${sql.raw(ORDER_STATUS_IDS.join(', '))})`),
  ],
)

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

export type PreInvoiceRow = typeof preInvoices.$inferSelect
export type NewPreInvoiceRow = typeof preInvoices.$inferInsert
export type PreInvoiceItemRow = typeof preInvoiceItems.$inferSelect
export type NewPreInvoiceItemRow = typeof preInvoiceItems.$inferInsert
