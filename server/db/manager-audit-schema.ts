import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { users } from '../areas/users/schema.ts'
import { instant } from './timestamps.ts'

/** Every manager action (D31): who, when, what, before → after. */
export const managerAuditLog = pgTable(
  'manager_audit_log',
  {
    id: serial('id').primaryKey(),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done, e.g. `push-sending.create`, `push-sending.send`. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [index('manager_audit_log_entity_idx').on(table.entity, table.entityId)],
)
