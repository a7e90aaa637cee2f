import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, uuid } from 'drizzle-orm/pg-core'
import type { PushAudience } from '../../../src/contract/schemas/push.ts'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * A device that receives notifications (SPEC §3 push subscription, issue 11). One row per
 * push endpoint: a device that changes account moves its row. `brand` is the host's brand
 * where it subscribed (D5), for an audience of one brand (D17).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    /** The subscription's auth secret: also its name in SPEC §7 paths; never logged. */
    auth: text('auth').notNull(),
    isPwa: boolean('is_pwa').notNull().default(false),
    deviceType: text('device_type', { enum: ['mobile', 'desktop'] }).notNull(),
    brand: text('brand', { enum: ['knn', 'phenom'] })
      .notNull()
      .default('knn'),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('push_subscriptions_endpoint_unique').on(table.endpoint),
    unique('push_subscriptions_auth_unique').on(table.auth),
    index('push_subscriptions_user_id_idx').on(table.userId),
    check('push_subscriptions_device_type_check', sql`${table.deviceType} in ('mobile', 'desktop')`),
    check('push_subscriptions_brand_check', sql`${table.brand} in ('knn', 'phenom')`),
  ],
)

/**
 * A notification a manager composed (D17): a draft until sent or scheduled. `kind` `teste`:
 * a test a user sent to one of their devices from /me (kept out of the managers' history).
 */
export const pushSendings = pgTable(
  'push_sendings',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['campanha', 'teste'] })
      .notNull()
      .default('campanha'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    imageUrl: text('image_url'),
    audience: jsonb('audience').$type<PushAudience>().notNull(),
    status: text('status', { enum: ['rascunho', 'agendado', 'enviando', 'concluido'] })
      .notNull()
      .default('rascunho'),
    scheduledFor: instant('scheduled_for'),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('push_sendings_status_idx').on(table.status, table.scheduledFor),
    check('push_sendings_status_check', sql`${table.status} in ('rascunho', 'agendado', 'enviando', 'concluido')`),
    check('push_sendings_kind_check', sql`${table.kind} in ('campanha', 'teste')`),
  ],
)

/**
 * One target subscription of a sending (D17): queued → sent, failed (after bounded retries)
 * or gone (the push service answered 404/410; the subscription was deleted). The row
 * outlives its subscription, so the log keeps who it was for.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sendingId: integer('sending_id')
      .notNull()
      .references(() => pushSendings.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceType: text('device_type', { enum: ['mobile', 'desktop'] }),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'gone'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** The queue: a queued delivery is due from this instant (a retry's backoff, `Retry-After`). */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** While a sender holds it: another sender takes it only after this passes (a killed process). */
    lockedUntil: instant('locked_until'),
    ...timestamps,
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('push_deliveries_sending_subscription_unique').on(table.sendingId, table.subscriptionId),
    index('push_deliveries_sending_id_status_idx').on(table.sendingId, table.status),
    index('push_deliveries_subscription_id_idx').on(table.subscriptionId),
    // In the sender's claim order (next attempt, then id): with the next attempt alone, every
    // claim of 50 sorted all the queued rows of a sending that share its start (a sort of
    // 400,000 rows per 50 pushes in a push to every student).
    index('push_deliveries_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'queued'`),
    check('push_deliveries_status_check', sql`${table.status} in ('queued', 'sent', 'failed', 'gone')`),
  ],
)

/** A click or a dismissal of a delivered notification (issue 11); each at most once per delivery. */
export const userActions = pgTable(
  'user_actions',
  {
    id: serial('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => pushDeliveries.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['clicked', 'dismissed'] }).notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [
    unique('user_actions_delivery_action_unique').on(table.deliveryId, table.action),
    check('user_actions_action_check', sql`${table.action} in ('clicked', 'dismissed')`),
  ],
)

/**
 * A notice (issue 40 item 13, "Avisos"): a sending that reached a student, kept whether or
 * not she had a device then, with when she read it. Written when the sending starts, for
 * every student its audience names and every student a delivery went to (docs/push.md
 * "Avisos"). `sent_at` is the sending's start, the list's order.
 */
export const pushNotices = pgTable(
  'push_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sendingId: integer('sending_id')
      .notNull()
      .references(() => pushSendings.id, { onDelete: 'cascade' }),
    sentAt: instant('sent_at').notNull(),
    readAt: instant('read_at'),
  },
  (table) => [
    primaryKey({ name: 'push_notices_pkey', columns: [table.userId, table.sendingId] }),
    index('push_notices_user_sent_idx').on(table.userId, table.sentAt.desc(), table.sendingId.desc()),
    index('push_notices_sending_id_idx').on(table.sendingId),
  ],
)

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect
export type PushSendingRow = typeof pushSendings.$inferSelect
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect
