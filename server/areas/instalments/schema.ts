import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * An instalment the student owes (drive charges it, SPEC §7). Money in integer cents (D12).
 * Paid = `pago_em` set, together with the amount paid; "overdue" is not stored: it depends
 * on the caller's today (D21), see server/http/tmz.ts.
 */
export const parcelas = pgTable(
  'parcelas',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    descricao: text('descricao').notNull(),
    numero: integer('numero').notNull(),
    totalParcelas: integer('total_parcelas').notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    valorCentavos: integer('valor_centavos').notNull(),
    valorPagoCentavos: integer('valor_pago_centavos'),
    pagoEm: date('pago_em', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    index('parcelas_user_id_vencimento_idx').on(table.userId, table.vencimento),
    check('parcelas_numero_check', sql`${table.numero} between 1 and ${table.totalParcelas}`),
    check(
      'parcelas_valor_check',
      sql`${table.valorCentavos} >= 0 and (${table.valorPagoCentavos} is null or ${table.valorPagoCentavos} >= 0)`,
    ),
    check('parcelas_pagamento_check', sql`(${table.pagoEm} is null) = (${table.valorPagoCentavos} is null)`),
  ],
)

export type ParcelaRow = typeof parcelas.$inferSelect
export type NewParcelaRow = typeof parcelas.$inferInsert
