import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { BrandId } from '../../../src/contract/brand-host.ts'
import type {
  Aviso,
  PushAudience,
  PushCounts,
  PushDelivery,
  PushSending,
  PushSendingInput,
  PushSendingStatus,
  PushSubscribeBody,
  PushSubscription,
  PushUpdateBody,
  UserAction,
  UserActionKind,
} from '../../../src/contract/schemas/push.ts'
import { audienceSize, audienceUsersWhere } from './audience.ts'
import type { Db } from '../../db/client.ts'
import { recordManagerAction } from '../../db/manager-audit.ts'
import { companies } from '../users/companies-schema.ts'
import {
  pushDeliveries,
  pushNotices,
  pushSendings,
  pushSubscriptions,
  userActions,
  type PushSendingRow,
  type PushSubscriptionRow,
} from './schema.ts'
import { turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'
import { isSerialId } from '../../db/ids.ts'

/** A subscription as the API shows it: the push endpoint and keys stay on the server. */
export function toPushSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    id: row.id,
    user_id: row.userId,
    auth: row.auth,
    is_pwa: row.isPwa,
    device_type: row.deviceType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * A device's subscription, one row per push endpoint: subscribing an endpoint that
 * exists refreshes its keys and moves it to `userId`. `created` says which happened.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  body: PushSubscribeBody,
  brand: BrandId,
): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.p256dh,
    auth: body.auth,
    isPwa: body.is_pwa,
    deviceType: body.device_type,
    brand,
  }
  return db.transaction(async (tx) => {
    // Another endpoint holding this auth is a dead subscription of the same browser's past: replaced.
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.auth, body.auth), sql`${pushSubscriptions.endpoint} <> ${body.endpoint}`))
    const [existing] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, updatedAt: new Date() } })
      .returning()
    return { row: row!, created: !existing }
  })
}

export function forUser(db: Db, userId: number) {
  const mine = (where: ReturnType<typeof eq>) => and(eq(pushSubscriptions.userId, userId), where)
  return {
    list(): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id)
    },
    async byAuth(auth: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(mine(eq(pushSubscriptions.auth, auth)))
      return row ?? null
    },
    /** Keeps the device's facts current and moves the row to this account: holding `auth` proves the device. */
    async update(body: PushUpdateBody): Promise<PushSubscriptionRow | null> {
      const [row] = await db
        .update(pushSubscriptions)
        .set({ userId, isPwa: body.is_pwa, deviceType: body.device_type, updatedAt: new Date() })
        .where(eq(pushSubscriptions.auth, body.auth))
        .returning()
      return row ?? null
    },
    async remove(id: number): Promise<boolean> {
      if (!isSerialId(id)) return false
      const removed = await db
        .delete(pushSubscriptions)
        .where(mine(eq(pushSubscriptions.id, id)))
        .returning({ id: pushSubscriptions.id })
      return removed.length > 0
    },
  }
}

/**
 * Records a click or a dismissal once per delivery; false when the delivery does not exist.
 * A click also reads the student's notice of that sending (issue 40 item 13): she saw it.
 */
export async function recordUserAction(db: Db, deliveryId: string, action: UserActionKind, now = new Date()): Promise<boolean> {
  const [delivery] = await db
    .select({ id: pushDeliveries.id, sendingId: pushDeliveries.sendingId, userId: pushDeliveries.userId })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.id, deliveryId))
  if (!delivery) return false
  await db.insert(userActions).values({ deliveryId, action }).onConflictDoNothing()
  if (action === 'clicked' && delivery.userId !== null) await noticesOf(db, delivery.userId).markRead(delivery.sendingId, now)
  return true
}

/**
 * Writes the notices of a sending that starts (issue 40 item 13, docs/push.md "Avisos"):
 * one per student its audience names, device or not, and per student a delivery of it
 * went to. Run in the start's transaction, after the deliveries; a repeat writes nothing.
 */
export async function recordNotices(db: Db, sendingId: number, audience: PushAudience, at: Date): Promise<void> {
  const named = audienceUsersWhere(audience) ?? sql`true`
  await db.execute(sql`
    insert into ${pushNotices} (user_id, sending_id, sent_at)
    select ${users.id}, ${sendingId}, ${at} from ${users}
    where ${users.role} = 'student'
      and (${named} or ${users.id} in (select ${pushDeliveries.userId} from ${pushDeliveries} where ${pushDeliveries.sendingId} = ${sendingId}))
    on conflict do nothing`)
}

const noticeColumns = {
  id: pushNotices.sendingId,
  title: pushSendings.title,
  body: pushSendings.body,
  link: pushSendings.link,
  imageUrl: pushSendings.imageUrl,
  sentAt: pushNotices.sentAt,
  readAt: pushNotices.readAt,
}

/** What a notification says, as the API names it: a sending's, a notice's, a draft's input. */
function contentOf(row: { title: string; body: string; link: string; imageUrl: string | null }) {
  return { title: row.title, body: row.body, link: row.link, image_url: row.imageUrl }
}

function toAviso(row: {
  id: number
  title: string
  body: string
  link: string
  imageUrl: string | null
  sentAt: Date
  readAt: Date | null
}): Aviso {
  return {
    id: row.id,
    ...contentOf(row),
    sent_at: row.sentAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }
}

/** A student's notices (issue 40 item 13): only hers, by construction of every query. */
export function noticesOf(db: Db, userId: number) {
  return {
    /** The newest `limit`, newest first (the sending's id breaks a tie). */
    async list(limit: number): Promise<Aviso[]> {
      const rows = await db
        .select(noticeColumns)
        .from(pushNotices)
        .innerJoin(pushSendings, eq(pushSendings.id, pushNotices.sendingId))
        .where(eq(pushNotices.userId, userId))
        .orderBy(desc(pushNotices.sentAt), desc(pushNotices.sendingId))
        .limit(limit)
      return rows.map(toAviso)
    },
    /** How many of all her notices are unread (not only the listed ones). */
    async unreadCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pushNotices)
        .where(and(eq(pushNotices.userId, userId), isNull(pushNotices.readAt)))
      return row?.count ?? 0
    },
    /** Reads one notice at `now`; a notice read already keeps its first time. Null when it is not hers. */
    async markRead(sendingId: number, now = new Date()): Promise<Aviso | null> {
      if (!isSerialId(sendingId)) return null
      const [updated] = await db
        .update(pushNotices)
        .set({ readAt: sql`coalesce(${pushNotices.readAt}, ${now})` })
        .where(and(eq(pushNotices.userId, userId), eq(pushNotices.sendingId, sendingId)))
        .returning({ sendingId: pushNotices.sendingId })
      if (!updated) return null
      const [row] = await db
        .select(noticeColumns)
        .from(pushNotices)
        .innerJoin(pushSendings, eq(pushSendings.id, pushNotices.sendingId))
        .where(and(eq(pushNotices.userId, userId), eq(pushNotices.sendingId, sendingId)))
      return row ? toAviso(row) : null
    },
  }
}

/** A manager's change to a push sending, in the audit log (D31). */
export function auditSending(db: Db, managerId: number, action: string, sendingId: number, before: unknown, after: unknown): Promise<void> {
  return recordManagerAction(db, {
    managerId,
    action: `push-sending.${action}`,
    entity: 'push_sending',
    entityId: sendingId,
    before,
    after,
  })
}

const EMPTY_COUNTS: PushCounts = { targeted: 0, queued: 0, sent: 0, failed: 0, gone: 0, clicked: 0, dismissed: 0 }

/**
 * Each sending's counts from its deliveries and their recorded actions, for many sendings in
 * two grouped queries (a history page), not two per sending.
 */
async function countsOf(db: Db, sendingIds: number[]): Promise<Map<number, PushCounts>> {
  const counts = new Map(sendingIds.map((id) => [id, { ...EMPTY_COUNTS }]))
  if (sendingIds.length === 0) return counts
  const byStatus = await db
    .select({ sendingId: pushDeliveries.sendingId, status: pushDeliveries.status, count: sql<number>`count(*)::int` })
    .from(pushDeliveries)
    .where(inArray(pushDeliveries.sendingId, sendingIds))
    .groupBy(pushDeliveries.sendingId, pushDeliveries.status)
  const actions = await db
    .select({ sendingId: pushDeliveries.sendingId, action: userActions.action, count: sql<number>`count(*)::int` })
    .from(userActions)
    .innerJoin(pushDeliveries, eq(pushDeliveries.id, userActions.deliveryId))
    .where(inArray(pushDeliveries.sendingId, sendingIds))
    .groupBy(pushDeliveries.sendingId, userActions.action)
  for (const { sendingId, status, count } of byStatus) {
    const of = counts.get(sendingId)!
    of[status] = count
    of.targeted += count
  }
  for (const { sendingId, action, count } of actions) counts.get(sendingId)![action] = count
  return counts
}

/**
 * Sendings as the API shows them: a draft's or a scheduled one's audience size is read now
 * (who would get it if sent now); a started one's is the deliveries it made. The counts and
 * the authors' names of a whole page are read together.
 */
export async function toPushSendings(db: Db, rows: PushSendingRow[]): Promise<PushSending[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  )
  const authorIds = [...new Set(rows.flatMap((row) => (row.createdBy === null ? [] : [row.createdBy])))]
  const authors = new Map(
    authorIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, authorIds))).map((author) => [
          author.id,
          author.name,
        ]),
  )
  return Promise.all(
    rows.map(async (row) => {
      const of = counts.get(row.id)!
      const notStarted = row.status === 'rascunho' || row.status === 'agendado'
      return {
        id: row.id,
        ...contentOf(row),
        audience: row.audience,
        status: row.status,
        scheduled_for: row.scheduledFor?.toISOString() ?? null,
        started_at: row.startedAt?.toISOString() ?? null,
        finished_at: row.finishedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        created_by_name: row.createdBy === null ? null : (authors.get(row.createdBy) ?? null),
        audience_size: notStarted ? await audienceSize(db, row.audience) : of.targeted,
        counts: of,
      }
    }),
  )
}

/** One sending as the API shows it (toPushSendings). */
export async function toPushSending(db: Db, row: PushSendingRow): Promise<PushSending> {
  return (await toPushSendings(db, [row]))[0]!
}

export const sendings = {
  /** A page of the history (the managers' campaigns, newest first) and how many the filter matches. */
  async page(
    db: Db,
    { status, limit, offset }: { status?: PushSendingStatus; limit: number; offset: number },
  ): Promise<{ rows: PushSendingRow[]; total: number }> {
    const where = and(eq(pushSendings.kind, 'campanha'), status === undefined ? undefined : eq(pushSendings.status, status))
    const [rows, [counted]] = await Promise.all([
      db.select().from(pushSendings).where(where).orderBy(desc(pushSendings.createdAt), desc(pushSendings.id)).limit(limit).offset(offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(pushSendings)
        .where(where),
    ])
    return { rows, total: counted?.total ?? 0 }
  },
  async get(db: Db, id: number): Promise<PushSendingRow | null> {
    if (!isSerialId(id)) return null
    const [row] = await db
      .select()
      .from(pushSendings)
      .where(and(eq(pushSendings.id, id), eq(pushSendings.kind, 'campanha')))
    return row ?? null
  },
  /** What a manager composed, as the audit log records it. */
  inputOf(row: PushSendingRow): PushSendingInput {
    return { ...contentOf(row), audience: row.audience }
  },
  valuesOf(input: PushSendingInput) {
    return { title: input.title, body: input.body, link: input.link, imageUrl: input.image_url, audience: input.audience }
  },
  /** A manager's new draft, audited in the same transaction (D31). */
  create(db: Db, input: PushSendingInput, managerId: number): Promise<PushSendingRow> {
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(pushSendings)
        .values({ ...sendings.valuesOf(input), createdBy: managerId })
        .returning()
      await auditSending(tx, managerId, 'create', created!.id, null, input)
      return created!
    })
  },
  /**
   * Changes a draft or a scheduled sending, audited; null when it left `before`'s status
   * meanwhile (a send that started is left alone).
   */
  update(db: Db, before: PushSendingRow, input: PushSendingInput, managerId: number): Promise<PushSendingRow | null> {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(pushSendings)
        .set({ ...sendings.valuesOf(input), updatedAt: new Date() })
        .where(and(eq(pushSendings.id, before.id), eq(pushSendings.status, before.status)))
        .returning()
      if (!updated) return null
      await auditSending(tx, managerId, 'update', before.id, sendings.inputOf(before), input)
      return updated
    })
  },
  /** Deletes a draft or a scheduled sending, audited; false when it left `before`'s status meanwhile. */
  remove(db: Db, before: PushSendingRow, managerId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const deleted = await tx
        .delete(pushSendings)
        .where(and(eq(pushSendings.id, before.id), eq(pushSendings.status, before.status)))
        .returning({ id: pushSendings.id })
      if (deleted.length === 0) return false
      await auditSending(tx, managerId, 'delete', before.id, sendings.inputOf(before), null)
      return true
    })
  },
  /** Schedules a sending for `at`; null when it left `before`'s status meanwhile. */
  async schedule(db: Db, before: PushSendingRow, at: Date, now: Date): Promise<PushSendingRow | null> {
    const [row] = await db
      .update(pushSendings)
      .set({ status: 'agendado', scheduledFor: at, updatedAt: now })
      .where(and(eq(pushSendings.id, before.id), eq(pushSendings.status, before.status)))
      .returning()
    return row ?? null
  },
  /** A sending's deliveries, most recently changed first, at most `limit`, with each student's name. */
  async deliveries(db: Db, sendingId: number, limit: number): Promise<PushDelivery[]> {
    const rows = await db
      .select({ delivery: pushDeliveries, fullName: users.fullName })
      .from(pushDeliveries)
      .leftJoin(users, eq(users.id, pushDeliveries.userId))
      .where(eq(pushDeliveries.sendingId, sendingId))
      .orderBy(desc(pushDeliveries.updatedAt), asc(pushDeliveries.id))
      .limit(limit)
    return rows.map(({ delivery, fullName }) => ({
      id: delivery.id,
      user_id: delivery.userId,
      full_name: fullName,
      device_type: delivery.deviceType,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status: delivery.lastStatus,
      last_error: delivery.lastError,
      // Only a retry waits for it; a new delivery is due at once (shown as "Na fila").
      next_attempt_at: delivery.status === 'queued' && delivery.attempts > 0 ? delivery.nextAttemptAt.toISOString() : null,
      updated_at: delivery.updatedAt.toISOString(),
    }))
  },
  /** What the students did with a sending's notifications (opened, dismissed), newest first. */
  async userActions(db: Db, sendingId: number): Promise<UserAction[]> {
    const rows = await db
      .select({
        deliveryId: userActions.deliveryId,
        userId: pushDeliveries.userId,
        fullName: users.fullName,
        action: userActions.action,
        at: userActions.at,
      })
      .from(userActions)
      .innerJoin(pushDeliveries, eq(pushDeliveries.id, userActions.deliveryId))
      .leftJoin(users, eq(users.id, pushDeliveries.userId))
      .where(eq(pushDeliveries.sendingId, sendingId))
      .orderBy(desc(userActions.at), desc(userActions.id))
    return rows
      .filter((row): row is typeof row & { userId: number } => row.userId !== null)
      .map((row) => ({
        delivery_id: row.deliveryId,
        user_id: row.userId,
        full_name: row.fullName,
        action: row.action,
        at: row.at.toISOString(),
      }))
  },
}

/** The schools (one entry per school, not per brand's company) and the classes a manager may address. */
export async function audienceOptions(db: Db) {
  const schools = await db
    .selectDistinctOn([companies.escolaId], { escola_id: companies.escolaId, nome: companies.name })
    .from(companies)
    .orderBy(companies.escolaId, asc(companies.id))
  const classes = await db
    .select({ id: turmas.id, nome: turmas.nome, escola: companies.name })
    .from(turmas)
    .innerJoin(companies, eq(companies.id, turmas.companyId))
    .orderBy(asc(companies.name), asc(turmas.nome), asc(turmas.id))
  return { escolas: schools.filter((school) => school.escola_id > 0), turmas: classes }
}

/** Students whose name or e-mail contains `typed` (ILIKE's own wildcards in it match themselves), by name. */
export function searchStudents(db: Db, typed: string, limit: number) {
  const pattern = `%${typed.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return db
    .select({ id: users.id, full_name: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'student'), or(ilike(users.fullName, pattern), ilike(users.email, pattern))))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(limit)
}

/**
 * Why an audience names nothing real (a school, a class or students that do not exist),
 * in Portuguese; null when it is fine.
 */
export async function audienceProblem(db: Db, audience: PushAudience): Promise<string | null> {
  switch (audience.kind) {
    case 'escola': {
      const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.escolaId, audience.escola_id)).limit(1)
      return found ? null : 'Escola não encontrada'
    }
    case 'turma': {
      const [found] = await db.select({ id: turmas.id }).from(turmas).where(eq(turmas.id, audience.turma_id))
      return found ? null : 'Turma não encontrada'
    }
    case 'alunos': {
      const ids = [...new Set(audience.user_ids)]
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.role, 'student')))
      return found.length === ids.length ? null : 'Algum aluno escolhido não foi encontrado'
    }
    default:
      return null
  }
}

/**
 * A test notification to one device of the caller's (`subscription` only: chosen students
 * would reach all of theirs): a sending of kind `teste`, its one delivery queued, started.
 */
export async function startTestSending(
  db: Db,
  subscription: PushSubscriptionRow,
  notification: { title: string; body: string; link: string },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [sending] = await tx
      .insert(pushSendings)
      .values({
        ...notification,
        kind: 'teste',
        createdBy: subscription.userId,
        audience: { kind: 'alunos', user_ids: [subscription.userId] },
        status: 'enviando',
        startedAt: now,
        updatedAt: now,
      })
      .returning({ id: pushSendings.id })
    const sendingId = sending!.id
    await tx.insert(pushDeliveries).values({
      sendingId,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      deviceType: subscription.deviceType,
      nextAttemptAt: now,
    })
  })
}

/** The delivery queue as an operator reads it (GET /metrics): deliveries waiting and the oldest one's age. */
export async function pushQueueState(db: Db, now = new Date()): Promise<{ queued: number; oldestQueuedMs: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${pushDeliveries.createdAt})` })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.status, 'queued'))
  return { queued: row?.count ?? 0, oldestQueuedMs: row?.oldest ? now.getTime() - new Date(row.oldest).getTime() : null }
}
