import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PushAudience } from '../../../src/contract/schemas/push.ts'
import type { Db } from '../../db/client.ts'
import { companies } from '../users/companies-schema.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { pushSubscriptions } from './schema.ts'
import { turmaAlunos } from '../classes/schema.ts'
import { users } from '../users/schema.ts'

/**
 * Which subscriptions an audience reaches (D17), read at the moment of asking: the size a
 * draft shows, and the deliveries a send creates. A school is its `escola_id` (D6) through
 * the account's drive record; a class, its enrolments; a brand, where the device subscribed.
 */
export function audienceWhere(audience: PushAudience): SQL | undefined {
  switch (audience.kind) {
    case 'todos':
      return undefined
    case 'marca':
      return eq(pushSubscriptions.brand, audience.brand)
    case 'escola':
      return inArray(
        pushSubscriptions.userId,
        sql`(select ${driveUsers.userId} from ${driveUsers} join ${companies} on ${companies.id} = ${driveUsers.companyId} where ${companies.escolaId} = ${audience.escola_id})`,
      )
    case 'turma':
      return inArray(
        pushSubscriptions.userId,
        sql`(select ${turmaAlunos.userId} from ${turmaAlunos} where ${turmaAlunos.turmaId} = ${audience.turma_id})`,
      )
    case 'alunos':
      return inArray(pushSubscriptions.userId, audience.user_ids)
  }
}

export interface TargetSubscription {
  id: number
  userId: number
  deviceType: 'mobile' | 'desktop'
}

/** The subscriptions `audience` reaches now, by id. */
export function audienceSubscriptions(db: Db, audience: PushAudience): Promise<TargetSubscription[]> {
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, deviceType: pushSubscriptions.deviceType })
    .from(pushSubscriptions)
    .where(and(audienceWhere(audience)))
    .orderBy(pushSubscriptions.id)
}

/** How many subscriptions `audience` reaches now. */
export async function audienceSize(db: Db, audience: PushAudience): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(and(audienceWhere(audience)))
  return row?.count ?? 0
}

/**
 * Which students' "Avisos" a sending reaches (issue 40 item 13), as a condition on
 * `users.id`: the students the audience names whether or not they have a device (a school,
 * a class, chosen students, everyone). A brand is where a device subscribed, so a brand's
 * audience names students through their devices only; the deliveries add those
 * (`startSending`).
 */
export function audienceUsersWhere(audience: PushAudience): SQL | undefined {
  switch (audience.kind) {
    case 'todos':
      return undefined
    case 'marca':
      return sql`false`
    case 'escola':
      return inArray(
        users.id,
        sql`(select ${driveUsers.userId} from ${driveUsers} join ${companies} on ${companies.id} = ${driveUsers.companyId} where ${companies.escolaId} = ${audience.escola_id})`,
      )
    case 'turma':
      return inArray(users.id, sql`(select ${turmaAlunos.userId} from ${turmaAlunos} where ${turmaAlunos.turmaId} = ${audience.turma_id})`)
    case 'alunos':
      return inArray(users.id, audience.user_ids)
  }
}
