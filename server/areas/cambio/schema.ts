import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/** The foreign currencies the câmbio sells (D30). */
export const MOEDAS_CAMBIO = ['USD', 'EUR', 'GBP'] as const

/**
 * The configured rate table (D14, D30): reais per one unit of each currency, in
 * millionths of a real (R$ 5,4321 = 5_432_100), with the day the rate is of. One row per
 * currency; the school (or a migration, as the demo's) updates it.
 */
export const cambioTaxas = pgTable(
  'cambio_taxas',
  {
    moeda: text('moeda', { enum: MOEDAS_CAMBIO }).primaryKey(),
    taxaMilionesimos: integer('taxa_milionesimos').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [
    check('cambio_taxas_moeda_check', sql`${table.moeda} in ('USD', 'EUR', 'GBP')`),
    check('cambio_taxas_taxa_check', sql`${table.taxaMilionesimos} > 0`),
  ],
)

/**
 * A simulation the student asked for (D30): what it converts, at which rate, its IOF
 * and total in cents, valid 15 minutes from `created_at` (`valida_ate`). Paid once
 * (`pago_em`) through the payments' charges (`cobrancas.cotacao_cambio_id`).
 */
export const cambioCotacoes = pgTable(
  'cambio_cotacoes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The foreign currency; `de_reais` says which side the student typed (reais → moeda, or moeda → reais). */
    moeda: text('moeda', { enum: MOEDAS_CAMBIO }).notNull(),
    deReais: boolean('de_reais').notNull(),
    /** The foreign currency's amount and the reais it costs before IOF. */
    valorMoedaCentavos: integer('valor_moeda_centavos').notNull(),
    valorReaisCentavos: integer('valor_reais_centavos').notNull(),
    iofCentavos: integer('iof_centavos').notNull(),
    totalCentavos: integer('total_centavos').notNull(),
    taxaMilionesimos: integer('taxa_milionesimos').notNull(),
    taxaData: date('taxa_data', { mode: 'string' }).notNull(),
    ...timestamps,
    validaAte: instant('valida_ate').notNull(),
    pagoEm: instant('pago_em'),
  },
  (table) => [
    index('cambio_cotacoes_user_id_idx').on(table.userId),
    check('cambio_cotacoes_moeda_check', sql`${table.moeda} in ('USD', 'EUR', 'GBP')`),
    check('cambio_cotacoes_total_check', sql`${table.totalCentavos} = ${table.valorReaisCentavos} + ${table.iofCentavos}`),
    check(
      'cambio_cotacoes_valor_check',
      sql`${table.valorMoedaCentavos} > 0 and ${table.valorReaisCentavos} > 0 and ${table.iofCentavos} >= 0`,
    ),
  ],
)

export type CambioTaxaRow = typeof cambioTaxas.$inferSelect
export type CambioCotacaoRow = typeof cambioCotacoes.$inferSelect
