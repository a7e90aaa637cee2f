import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { cambioCotacoes } from '../cambio/schema.ts'
import { parcelas } from '../instalments/schema.ts'
import { knnUsaRequests } from '../overseas-study/schema.ts'
import { preInvoices } from '../orders/schema.ts'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

export const METODOS_COBRANCA = ['pix', 'cartao'] as const
export const STATUS_COBRANCA = ['pendente', 'pago', 'expirado', 'recusado'] as const

/**
 * One attempt to collect an instalment (issue 12, D13), an order waiting for payment,
 * a câmbio quote or an overseas-study request: exactly one of
 * `parcela_id`, `pre_invoice_id`, `cotacao_cambio_id` and `knn_usa_request_id`. Pix: `pendente` until the
 * bank confirms (`pago`, once) or its code runs out (`expirado`); at most one pending per
 * instalment. Card: charged at once, `pago` or `recusado` with the reason; only the brand
 * and the last four digits are kept, never the number or the CVV. Money in cents (D12).
 */
export const cobrancas = pgTable(
  'cobrancas',
  {
    id: serial('id').primaryKey(),
    parcelaId: integer('parcela_id').references(() => parcelas.id, { onDelete: 'cascade' }),
    preInvoiceId: integer('pre_invoice_id').references(() => preInvoices.id, { onDelete: 'cascade' }),
    /** A câmbio quote (D30). */
    cotacaoCambioId: integer('cotacao_cambio_id').references(() => cambioCotacoes.id, { onDelete: 'cascade' }),
    /** An approved overseas-study request (D28). */
    knnUsaRequestId: integer('knn_usa_request_id').references(() => knnUsaRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metodo: text('metodo', { enum: METODOS_COBRANCA }).notNull(),
    /** Our reference at the bank or gateway: the BR Code's field 62-05 for Pix. */
    txid: text('txid').notNull(),
    valorCentavos: integer('valor_centavos').notNull(),
    status: text('status', { enum: STATUS_COBRANCA }).notNull(),
    /** Pix: the BR Code as built, so a pending charge is answered again unchanged. */
    copiaECola: text('copia_e_cola'),
    /** Pix: after this the code is no longer paid. */
    expiraEm: instant('expira_em'),
    /** Card: visa, mastercard, elo, amex, hipercard or outra. */
    bandeira: text('bandeira'),
    finalCartao: text('final_cartao'),
    /** Card instalments chosen (1 = à vista). */
    parcelas: integer('parcelas'),
    /** Card: the gateway's authorization code of an approved charge. */
    autorizacao: text('autorizacao'),
    /** Card: the gateway's reason for a decline, as shown to the student. */
    recusa: text('recusa'),
    ...timestamps,
    pagoEm: instant('pago_em'),
  },
  (table) => [
    unique('cobrancas_txid_unique').on(table.txid),
    // Never two pending Pix codes for one instalment, even from two requests at once.
    uniqueIndex('cobrancas_pendente_unique')
      .on(table.parcelaId)
      .where(sql`${table.status} = 'pendente'`),
    uniqueIndex('cobrancas_pedido_pendente_unique')
      .on(table.preInvoiceId)
      .where(sql`${table.status} = 'pendente'`),
    uniqueIndex('cobrancas_cambio_pendente_unique')
      .on(table.cotacaoCambioId)
      .where(sql`${table.status} = 'pendente'`),
    uniqueIndex('cobrancas_knn_usa_pendente_unique')
      .on(table.knnUsaRequestId)
      .where(sql`${table.status} = 'pendente'`),
    index('cobrancas_knn_usa_request_id_idx').on(table.knnUsaRequestId, table.status),
    index('cobrancas_cotacao_cambio_id_idx').on(table.cotacaoCambioId, table.status),
    index('cobrancas_parcela_id_idx').on(table.parcelaId, table.status),
    index('cobrancas_pre_invoice_id_idx').on(table.preInvoiceId, table.status),
    // Exactly one target: an instalment, an order, a câmbio quote or an overseas-study request.
    check(
      'cobrancas_alvo_check',
      sql`num_nonnulls(${table.parcelaId}, ${table.preInvoiceId}, ${table.cotacaoCambioId}, ${table.knnUsaRequestId}) = 1`,
    ),
    index('cobrancas_user_id_idx').on(table.userId),
    check('cobrancas_metodo_check', sql`${table.metodo} in ('pix', 'cartao')`),
    check('cobrancas_status_check', sql`${table.status} in ('pendente', 'pago', 'expirado', 'recusado')`),
    check('cobrancas_txid_check', sql`${table.txid} ~ '^[A-Za-z0-9]{25}$'`),
    check('cobrancas_valor_check', sql`${table.valorCentavos} >= 0`),
    check('cobrancas_pago_check', sql`(${table.status} = 'pago') = (${table.pagoEm} is not null)`),
    check(
      'cobrancas_pix_check',
      sql`${table.metodo} <> 'pix' or (${table.status} in ('pendente', 'pago', 'expirado') and ${table.copiaECola} is not null and ${table.expiraEm} is not null and ${table.finalCartao} is null)`,
    ),
    check(
      'cobrancas_cartao_check',
      sql`${table.metodo} <> 'cartao' or (${table.status} in ('pago', 'recusado') and ${table.bandeira} is not null and ${table.finalCartao} ~ '^[0-9]{4}$' and ${table.parcelas} >= 1 and (${table.status} = 'recusado') = (${table.recusa} is not null) and (${table.status} = 'pago') = (${table.autorizacao} is not null))`,
    ),
  ],
)

export type CobrancaRow = typeof cobrancas.$inferSelect
export type NewCobrancaRow = typeof cobrancas.$inferInsert
