import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { PushPayload } from '../../../src/contract/schemas/push.ts'
import type { Db } from '../../db/client.ts'
import { pushDeliveries, pushSendings, pushSubscriptions, type PushSendingRow } from './schema.ts'
import { audienceSubscriptions } from './audience.ts'
import { recordNotices } from './repository.ts'
import type { PushResult, PushService, PushTarget } from './push-service.ts'

/**
 * The sending queue: the delivery rows are the queue. A sender claims due queued
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
  /**
   * Rounds a process runs side by side (so `batchSize × lanes` pushes in flight at most):
   * while one lane writes its outcomes and claims again, the other's pushes are out, and a
   * round's slowest push no longer holds every other one back.
   */
  lanes: number
  /** Seconds the push service keeps a notification for an offline device. */
  ttlSeconds: number
}

export const DEFAULT_SENDER_SETTINGS: SenderSettings = {
  maxAttempts: 5,
  retryBaseMs: 30_000,
  maxRetryMs: 30 * 60_000,
  leaseMs: 60_000,
  batchSize: 25,
  lanes: 2,
  ttlSeconds: 24 * 60 * 60,
}

/**
 * Starts a draft or a scheduled sending now (D17): in one transaction it turns `enviando`
 * and gets one queued delivery per subscription its audience reaches and one notice per
 * student it reaches (issue 40 item 13, "Avisos"); an audience of no device is
 * `concluido` at once. Null when it is not a draft or a scheduled one any more.
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
    await recordNotices(tx, id, started.audience, now)
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
  attempts: number
  /** Null when the device unsubscribed after the delivery was queued. */
  target: (PushTarget & { subscriptionId: number }) | null
}

/**
 * Takes up to `limit` due deliveries for this sender until `now + leaseMs`, counting an
 * attempt, with their subscriptions' keys read in the same statement.
 */
async function claimDue(db: Db, limit: number, leaseMs: number, now: Date): Promise<ClaimedDelivery[]> {
  const until = new Date(now.getTime() + leaseMs)
  const result = (await db.execute(sql`
    with claimed as (
      update ${pushDeliveries}
      set locked_until = ${until}, attempts = attempts + 1, updated_at = ${now}
      where id in (
        select id from ${pushDeliveries}
        where status = 'queued' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, sending_id, subscription_id, attempts
    )
    select claimed.id, claimed.sending_id, claimed.attempts, s.id as subscription_id, s.endpoint, s.p256dh, s.auth
    from claimed left join ${pushSubscriptions} s on s.id = claimed.subscription_id`)) as {
    rows: {
      id: string
      sending_id: number
      attempts: number
      subscription_id: number | null
      endpoint: string | null
      p256dh: string | null
      auth: string | null
    }[]
  }
  return result.rows.map((row) => ({
    id: row.id,
    sendingId: row.sending_id,
    attempts: row.attempts,
    target:
      row.subscription_id === null
        ? null
        : { subscriptionId: row.subscription_id, endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! },
  }))
}

/** What the service worker receives for a delivery (src/contract/schemas/push.ts `PushPayload`). */
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

/** What one push attempt left on its delivery row. */
interface Outcome {
  id: string
  /** `queued` again for a retry at `nextAttemptAt`. */
  status: 'queued' | 'sent' | 'gone' | 'failed'
  lastStatus: number | null
  lastError: string | null
  sentAt: Date | null
  nextAttemptAt: Date | null
  /** Gone (404/410): the subscription to delete. */
  deleteSubscriptionId: number | null
}

/** The outcome of the push service's answer for a delivery on its `attempts`-th try. */
function outcomeOf(delivery: ClaimedDelivery, result: PushResult, settings: SenderSettings, at: Date): Outcome {
  const base = {
    id: delivery.id,
    lastStatus: result.status || null,
    lastError: result.error,
    sentAt: null,
    nextAttemptAt: null,
    deleteSubscriptionId: null,
  }
  if (result.status >= 200 && result.status < 300) return { ...base, status: 'sent', sentAt: at }
  // The subscription expired or was revoked: it is deleted, never tried again (D17).
  if (result.status === 404 || result.status === 410)
    return { ...base, status: 'gone', deleteSubscriptionId: delivery.target!.subscriptionId }
  if ((result.status === 0 || result.status === 429 || result.status >= 500) && delivery.attempts < settings.maxAttempts) {
    return {
      ...base,
      status: 'queued',
      nextAttemptAt: new Date(at.getTime() + retryDelayMs(delivery.attempts, settings, result.retryAfterMs)),
    }
  }
  return { ...base, status: 'failed' }
}

/**
 * Writes a round's outcomes in one UPDATE (one statement per delivery cost the sender
 * more than the pushes), and deletes gone subscriptions in the same transaction. Every row
 * leaves its lease; a retry keeps `queued` with its next attempt's time.
 */
async function writeOutcomes(db: Db, outcomes: Outcome[], at: Date): Promise<void> {
  const values = sql.join(
    outcomes.map(
      (outcome) =>
        sql`(${outcome.id}::uuid, ${outcome.status}, ${outcome.lastStatus}::integer, ${outcome.lastError}::text, ${outcome.sentAt}::timestamptz, ${outcome.nextAttemptAt}::timestamptz)`,
    ),
    sql`, `,
  )
  const gone = outcomes.flatMap((outcome) => (outcome.deleteSubscriptionId === null ? [] : [outcome.deleteSubscriptionId]))
  const update = sql`
    update ${pushDeliveries} d
    set status = v.status, last_status = v.last_status, last_error = v.last_error,
        sent_at = coalesce(v.sent_at, d.sent_at), next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
        locked_until = null, updated_at = ${at}
    from (values ${values}) as v(id, status, last_status, last_error, sent_at, next_attempt_at)
    where d.id = v.id`
  if (gone.length === 0) {
    await db.execute(update)
    return
  }
  await db.transaction(async (tx) => {
    await tx.execute(update)
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))
  })
}

/**
 * One round: claims due deliveries, sends them at once and writes their outcomes together;
 * returns how many it claimed (a full batch: call again at once).
 */
export async function sendDue(db: Db, service: PushService, settings: SenderSettings, now = () => new Date()): Promise<number> {
  const claimed = await claimDue(db, settings.batchSize, settings.leaseMs, now())
  if (claimed.length === 0) return 0
  const sendingIds = [...new Set(claimed.map((delivery) => delivery.sendingId))]
  const sendings = new Map((await db.select().from(pushSendings).where(inArray(pushSendings.id, sendingIds))).map((row) => [row.id, row]))

  const outcomes = await Promise.all(
    claimed.map(async (delivery): Promise<Outcome> => {
      if (!delivery.target) {
        // The device unsubscribed meanwhile: nobody to send to.
        return {
          id: delivery.id,
          status: 'gone',
          lastStatus: null,
          lastError: 'Inscrição removida antes do envio',
          sentAt: null,
          nextAttemptAt: null,
          deleteSubscriptionId: null,
        }
      }
      const sending = sendings.get(delivery.sendingId)!
      const result = await service.send(delivery.target, JSON.stringify(payloadOf(sending, delivery.id)), {
        ttl: settings.ttlSeconds,
        urgency: 'normal',
        topic: `s${sending.id}`,
      })
      return outcomeOf(delivery, result, settings, now())
    }),
  )
  await writeOutcomes(db, outcomes, now())
  for (const id of sendingIds) await finishIfDone(db, id, now())
  return claimed.length
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
