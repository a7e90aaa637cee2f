import type { Db } from './client.ts'
import { managerAuditLog } from './manager-audit-schema.ts'

/**
 * Every manager action is written down (D31): who, when, what, before → after. Shared by
 * every area whose staff screens change something (push sendings, order fulfilment, the
 * club, referral leads, overseas-study requests).
 */
export async function recordManagerAction(
  db: Db,
  entry: { managerId: number; action: string; entity: string; entityId: string | number; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(managerAuditLog).values({ ...entry, entityId: String(entry.entityId) })
}
