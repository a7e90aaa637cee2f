import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/timestamps.ts'

/** A course book; `codigo` is the product code orders refer to (pre_invoice_items.codigo_produto). */
export const livros = pgTable('livros', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  codigo: text('codigo').notNull().unique('livros_codigo_unique'),
  ...timestamps,
})

export type LivroRow = typeof livros.$inferSelect
export type NewLivroRow = typeof livros.$inferInsert
