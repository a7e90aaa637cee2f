import { index, integer, pgTable, serial, timestamp, uuid } from 'drizzle-orm/pg-core'
import { companies } from '../users/companies-schema.ts'
import { livros } from './schema.ts'
import { timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * A printed copy of a course book (D8): its `uuid` is the QR code printed inside. The school
 * that sold it is kept, so a new person who starts with it joins that school when the profile
 * is complete. `user_id` null = an "empty" book, nobody's yet. A copy the school handed
 * to an enrolled student has `user_id` and no `linked_at` until the student uses it (book-code
 * login or Meu perfil); `linked_at` is when its owner linked it.
 */
export const livroExemplares = pgTable(
  'livro_exemplares',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique('livro_exemplares_uuid_unique'),
    livroId: integer('livro_id')
      .notNull()
      .references(() => livros.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    // An account that goes leaves its copies empty again (`linked_at` is then meaningless and ignored).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [index('livro_exemplares_user_id_idx').on(table.userId)],
)

export type LivroExemplarRow = typeof livroExemplares.$inferSelect
export type NewLivroExemplarRow = typeof livroExemplares.$inferInsert
