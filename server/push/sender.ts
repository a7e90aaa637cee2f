import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { PushPayload } from '../../src/api/schemas/push.ts'
import type { Db } from '../db/client.ts'
import { pushDeliveries, pushSendings, pushSubscriptions, type PushSendingRow } from '../db/schema/push.ts'
import { audienceSubscriptions } from './audience.ts'
import type { PushService } from './push-service.ts'

/**
 * The sending queue (P140): the delivery rows are the queue. A sender claims due queued
 * rows with `FOR UPDATE SKIP LOCKED` and a lease, so several processes on one database
 * share the work and never hold the same row; a row whose process died is taken again
 * when its lease ends. The outcome is written on the row itself.
 */

export interface SenderSettings {
  /** Attempts before a delivery is `failed` (the first one included). */
  maxAttempts: number
  /** First retry's delay; each next one doubles, up to `maxRetryMs`. */
  retryBaseMs: number
  maxRetryMs: number
  /** How long a claimed delivery stays with its sender. */
  leaseMs: number
  /** Deliveries claimed per round (and sent at once). */
  batchSize: number
  /** Seconds the push service keeps a notification for an offline device. */
  ttlSeconds: number
}

export const DEFAULT_SENDER_SETTINGS: SenderSettings = {
  maxAttempts: 5,
  retryBaseMs: 30_000,
  maxRetryMs: 30 * 60_000,
  leaseMs: 60_000,
  batchSize: 50,
  ttlSeconds: 24 * 60 * 60,
}

/**
 * Starts a draft or a scheduled sending now (D17): in one transaction it turns `enviando`
 * and gets one queued delivery per subscription its audience reaches; an audience of none
 * is `concluido` at once. Null when it is not a draft or a scheduled one any more.
 */
export async function startSending(db: Db, id: number, now = new Date()): Promise<PushSendingRow | null> {
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(pushSendings)
      .set({ status: 'enviando', startedAt: now, scheduledFor: null, updatedAt: now })
      .where(and(eq(pushSendings.id, id), inArray(pushSendings.status, ['rascunho', 'agendado'])))
      .returning()
    if (!started) return null
    const targets = await audienceSubscriptions(tx, started.audience)
    for (let index = 0; index < targets.length; index += 1000) {
      await tx
        .insert(pushDeliveries)
        .values(
          targets.slice(index, index + 1000).map((target) => ({
            sendingId: id,
            subscriptionId: target.id,
            userId: target.userId,
            deviceType: target.deviceType,
            nextAttemptAt: now,
          })),
        )
        .onConflictDoNothing()
    }
    if (targets.length > 0) return started
    const [done] = await tx
      .update(pushSendings)
      .set({ status: 'concluido', finishedAt: now, updatedAt: now })
      .where(eq(pushSendings.id, id))
      .returning()
    return done!
  })
}

/** Scheduled sendings whose time came: started (each once, whichever process gets there first). */
export async function startDueSendings(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: pushSendings.id })
    .from(pushSendings)
    .where(and(eq(pushSendings.status, 'agendado'), lte(pushSendings.scheduledFor, now)))
  let started = 0
  for (const { id } of due) if (await startSending(db, id, now)) started++
  return started
}

interface ClaimedDelivery {
  id: string
  sendingId: number
  subscriptionId: number | null
  attempts: number
}

/** Takes up to `limit` due deliveries for this sender until `now + leaseMs`, counting an attempt. */
async function claimDue(db: Db, limit: number, leaseMs: number, now: Date): Promise<ClaimedDelivery[]> {
  const until = new Date(now.getTime() + leaseMs)
  const result = (await db.execute(sql`
    update ${pushDeliveries}
    set locked_until = ${until}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from ${pushDeliveries}
      where status = 'queued' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, sending_id, subscription_id, attempts`)) as {
    rows: { id: string; sending_id: number; subscription_id: number | null; attempts: number }[]
  }
  return result.rows.map((row) => ({ id: row.id, sendingId: row.sending_id, subscriptionId: row.subscription_id, attempts: row.attempts }))
}

/** What the service worker receives for a delivery (src/api/schemas/push.ts `PushPayload`). */
export function payloadOf(sending: Pick<PushSendingRow, 'id' | 'title' | 'body' | 'link' | 'imageUrl'>, deliveryId: string): PushPayload {
  return {
    title: sending.title,
    body: sending.body,
    link: sending.link,
    image: sending.imageUrl,
    tag: `sending-${sending.id}`,
    delivery_id: deliveryId,
  }
}

/** The delay before attempt `attempts + 1`: doubling from the base, at least what the push service asked. */
export function retryDelayMs(attempts: number, settings: SenderSettings, askedMs: number | null): number {
  const backoff = Math.min(settings.maxRetryMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1))
  return Math.max(backoff, askedMs ?? 0)
}

/**
 * One round: claims due deliveries, sends them at once and writes each outcome; returns how
 * many it claimed (a full batch: call again at once).
 */
export async function sendDue(db: Db, service: PushService, settings: SenderSettings, now = () => new Date()): Promise<number> {
  const claimed = await claimDue(db, settings.batchSize, settings.leaseMs, now())
  if (claimed.length === 0) return 0
  const sendingIds = [...new Set(claimed.map((delivery) => delivery.sendingId))]
  const subscriptionIds = claimed.flatMap((delivery) => (delivery.subscriptionId === null ? [] : [delivery.subscriptionId]))
  const sendings = new Map((await db.select().from(pushSendings).where(inArray(pushSendings.id, sendingIds))).map((row) => [row.id, row]))
  const subscriptions = new Map(
    (subscriptionIds.length === 0
      ? []
      : await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, subscriptionIds))
    ).map((row) => [row.id, row]),
  )

  await Promise.all(
    claimed.map(async (delivery) => {
      const sending = sendings.get(delivery.sendingId)!
      const subscription = delivery.subscriptionId === null ? undefined : subscriptions.get(delivery.subscriptionId)
      if (!subscription) {
        // The device unsubscribed meanwhile: nobody to send to.
        await settle(db, delivery.id, { status: 'gone', lastStatus: null, lastError: 'Inscrição removida antes do envio' }, now())
        return
      }
      const result = await service.send(subscription, JSON.stringify(payloadOf(sending, delivery.id)), {
        ttl: settings.ttlSeconds,
        urgency: 'normal',
        topic: `s${sending.id}`,
      })
      const at = now()
      if (result.status >= 200 && result.status < 300) {
        await settle(db, delivery.id, { status: 'sent', lastStatus: result.status, lastError: null, sentAt: at }, at)
      } else if (result.status === 404 || result.status === 410) {
        // The subscription expired or was revoked: it is deleted, never tried again (D17).
        await db.transaction(async (tx) => {
          await settle(tx, delivery.id, { status: 'gone', lastStatus: result.status, lastError: result.error }, at)
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
        })
      } else if ((result.status === 0 || result.status === 429 || result.status >= 500) && delivery.attempts < settings.maxAttempts) {
        const next = new Date(at.getTime() + retryDelayMs(delivery.attempts, settings, result.retryAfterMs))
        await db
          .update(pushDeliveries)
          .set({ lastStatus: result.status || null, lastError: result.error, nextAttemptAt: next, lockedUntil: null, updatedAt: at })
          .where(eq(pushDeliveries.id, delivery.id))
      } else {
        await settle(db, delivery.id, { status: 'failed', lastStatus: result.status || null, lastError: result.error }, at)
      }
    }),
  )
  for (const id of sendingIds) await finishIfDone(db, id, now())
  return claimed.length
}

async function settle(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'gone' | 'failed'; lastStatus: number | null; lastError: string | null; sentAt?: Date },
  at: Date,
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ ...outcome, lockedUntil: null, updatedAt: at })
    .where(eq(pushDeliveries.id, id))
}

/** A sending none of whose deliveries is queued any more is `concluido`. */
async function finishIfDone(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(pushSendings)
    .set({ status: 'concluido', finishedAt: at, updatedAt: at })
    .where(
      and(
        eq(pushSendings.id, id),
        eq(pushSendings.status, 'enviando'),
        sql`not exists (select 1 from ${pushDeliveries} where ${pushDeliveries.sendingId} = ${id} and ${pushDeliveries.status} = 'queued')`,
      ),
    )
}
