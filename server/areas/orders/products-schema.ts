import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { livros } from '../books/schema.ts'
import { timestamps } from '../../db/timestamps.ts'

/**
 * What a student can order (GET /master/products/{code}/, issue 12): a course book under a
 * product code. The price is not here: D12's tables price every book alike by the number of
 * books in the order (server/areas/orders/prices.ts).
 */
export const products = pgTable('products', {
  /** The code the portal links to and orders quote (pre_invoice_items.codigo_produto). */
  codigo: text('codigo').primaryKey(),
  livroId: integer('livro_id')
    .notNull()
    .references(() => livros.id, { onDelete: 'restrict' }),
  nome: text('nome').notNull(),
  /** The book's level as the school names it, e.g. "Intermediário 3". */
  nivel: text('nivel').notNull(),
  imagemUrl: text('imagem_url'),
  /** The student takes the level test first: without a finished one the order waits at -3 (D11). */
  requiresLevelTest: boolean('requires_level_test').notNull().default(false),
  ...timestamps,
})

export type ProductRow = typeof products.$inferSelect
export type NewProductRow = typeof products.$inferInsert
