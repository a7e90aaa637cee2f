import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushPayload, PushSending, PushSendingsPage, PushSendingLog } from '../../../src/contract/schemas/push.ts'
import { buildApp } from '../../app.ts'
import { pushDeliveries, pushSendings, pushSubscriptions } from './schema.ts'
import { turmaAlunos } from '../classes/schema.ts'
import { createAccount, createOnlineClass, createPushSubscription, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../../test/stand-ins/push-service.ts'
import { TEST_NOTIFICATION } from './devices-routes.ts'
import { DEFAULT_SENDER_SETTINGS, retryDelayMs, startSending } from './sender.ts'

/**
 * Push sending end to end on the server (issue 11, D17): real web-push encryption and
 * VAPID to the push-service stand-in, which decrypts what it receives; the delivery queue in
 * the real database. The sender's poll is slowed down: each test drives it with `drain()`.
 */

const SETTINGS = { retryBaseMs: 40, maxRetryMs: 200, maxAttempts: 4 }

describe('push sending', () => {
  let standIn: PushStandIn
  let t: TestApp
  let manager: TestAccount

  beforeAll(async () => {
    standIn = await startPushStandIn()
    t = await createTestApp(
      { pushServiceHosts: [standIn.host], pushServiceCaFile: standIn.caFile },
      { push: { settings: SETTINGS, pollMs: 60_000 } },
    )
    manager = await createAccount(t.app, t.db, 'manager')
  })
  afterAll(async () => {
    await t?.close()
    await standIn?.close()
  })

  /** A class of its own for each test (the tests run in random order), with one student without a device. */
  async function newClass(): Promise<number> {
    return (await createOnlineClass(t.db, (await createAccount(t.app, t.db)).id)).turma
  }

  /** A student of the class with a device whose keys the stand-in holds. */
  async function classStudentWithDevice(
    turmaId: number,
  ): Promise<{ student: TestAccount; device: StandInSubscription; subscriptionId: number }> {
    const student = await createAccount(t.app, t.db)
    await t.db.orm.insert(turmaAlunos).values({ turmaId, userId: student.id })
    const device = standIn.newSubscription()
    const { id } = await createPushSubscription(t.db, student.id, device)
    return { student, device, subscriptionId: id }
  }

  async function draftForClass(turmaId: number, title: string): Promise<number> {
    const draft = await t.app.inject(
      jsonRequest(
        'POST',
        '/api/v1/push-sending/',
        {
          title,
          body: 'Revise as unidades 3 e 4.',
          link: '/pedagogico/list',
          image_url: null,
          audience: { kind: 'turma', turma_id: turmaId },
        },
        bearer(manager.token),
      ),
    )
    return draft.json<PushSending>().id
  }

  async function sendToClass(turmaId: number, title = 'Prova na sexta'): Promise<PushSending> {
    const id = await draftForClass(turmaId, title)
    const sent = await t.app.inject(jsonRequest('POST', '/api/v1/push-sending/send/', { id, scheduled_for: null }, bearer(manager.token)))
    expect(sent.statusCode, sent.body).toBe(202)
    return sent.json<PushSending>()
  }

  const logOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/push-sending/log/${id}/`, headers: bearer(manager.token) })).json<PushSendingLog>()
  const payloads = (device: StandInSubscription) => standIn.received(device.id).map((push) => JSON.parse(push.body) as PushPayload)

  it('answers at once and delivers one encrypted, VAPID-signed payload to each device of the class', async () => {
    const turmaId = await newClass()
    const [ana, bruno] = [await classStudentWithDevice(turmaId), await classStudentWithDevice(turmaId)]
    const outsider = standIn.newSubscription()
    await createPushSubscription(t.db, (await createAccount(t.app, t.db)).id, outsider)

    const sending = await sendToClass(turmaId)
    expect(sending).toMatchObject({ status: 'enviando', audience_size: 2, counts: { targeted: 2, queued: 2 } })
    await t.app.push.drain()

    for (const { device } of [ana, bruno]) {
      const [payload, ...more] = payloads(device)
      expect(more).toEqual([])
      expect(payload).toMatchObject({
        title: 'Prova na sexta',
        body: 'Revise as unidades 3 e 4.',
        link: '/pedagogico/list',
        tag: `sending-${sending.id}`,
      })
      const [push] = standIn.received(device.id)
      expect(push).toMatchObject({
        ttl: String(DEFAULT_SENDER_SETTINGS.ttlSeconds),
        urgency: 'normal',
        topic: `s${sending.id}`,
        vapidKey: t.app.secrets.vapid.publicKey,
      })
    }
    expect(standIn.received(outsider.id)).toEqual([])
    // Neither a VAPID nor a decryption refusal for this test's devices.
    expect(standIn.refused.filter((refusal) => [ana.device.id, bruno.device.id, outsider.id].includes(refusal.id))).toEqual([])

    const log = await logOf(sending.id)
    expect(log.sending).toMatchObject({ status: 'concluido', counts: { targeted: 2, sent: 2, queued: 0 } })
    expect(log.sending.finished_at).not.toBeNull()
    expect(log.deliveries.map((delivery) => [delivery.user_id, delivery.status, delivery.attempts, delivery.last_status]).sort()).toEqual(
      [
        [ana.student.id, 'sent', 1, 201],
        [bruno.student.id, 'sent', 1, 201],
      ].sort(),
    )
    // The payload names its own delivery: a click is recorded against it.
    expect(log.deliveries.map((delivery) => delivery.id).sort()).toEqual(
      [...payloads(ana.device), ...payloads(bruno.device)].map((p) => p.delivery_id).sort(),
    )
  })

  it('marks a 410 as gone and deletes the subscription; retries 500s with backoff; gives up after the last attempt', async () => {
    const turmaId = await newClass()
    const expired = await classStudentWithDevice(turmaId)
    const flaky = await classStudentWithDevice(turmaId)
    const broken = await classStudentWithDevice(turmaId)
    standIn.expire(expired.device.id)
    standIn.failNext(flaky.device.id, 500, 2)
    standIn.failNext(broken.device.id, 503, SETTINGS.maxAttempts)

    const sending = await sendToClass(turmaId, 'Aula remarcada')
    for (let round = 0; round < 20 && (await logOf(sending.id)).sending.status !== 'concluido'; round++) {
      await t.app.push.drain()
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    const byUser = new Map((await logOf(sending.id)).deliveries.map((delivery) => [delivery.user_id, delivery]))
    expect(byUser.get(expired.student.id)).toMatchObject({ status: 'gone', attempts: 1, last_status: 410 })
    expect(await t.db.orm.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, expired.subscriptionId))).toEqual([])
    expect(byUser.get(flaky.student.id)).toMatchObject({ status: 'sent', attempts: 3, last_status: 201 })
    expect(payloads(flaky.device).filter((payload) => payload.title === 'Aula remarcada')).toHaveLength(1)
    expect(byUser.get(broken.student.id)).toMatchObject({ status: 'failed', attempts: SETTINGS.maxAttempts, last_status: 503 })
    expect(payloads(broken.device).filter((payload) => payload.title === 'Aula remarcada')).toEqual([])
  })

  it("honours a 429's Retry-After before trying again", async () => {
    const turmaId = await newClass()
    const busy = await classStudentWithDevice(turmaId)
    standIn.failNext(busy.device.id, 429, 1, 30)
    const sending = await sendToClass(turmaId, 'Rematrícula aberta')
    const before = Date.now()
    await t.app.push.drain()
    const [row] = await t.db.orm.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, busy.subscriptionId))
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastStatus: 429 })
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000)
    await t.app.push.drain()
    expect(payloads(busy.device).filter((payload) => payload.title === 'Rematrícula aberta')).toEqual([])
    expect((await logOf(sending.id)).sending.status).toBe('enviando')
    // Once due, it goes.
    await t.db.orm.update(pushDeliveries).set({ nextAttemptAt: new Date() }).where(eq(pushDeliveries.id, row!.id))
    await t.app.push.drain()
    expect(payloads(busy.device).filter((payload) => payload.title === 'Rematrícula aberta')).toHaveLength(1)
  })

  it('takes back a delivery whose sender died only when its lease ends, and never sends a sent one again', async () => {
    const turmaId = await newClass()
    const orphan = await classStudentWithDevice(turmaId)
    // Queued without waking this process's sender: the test plays the dead one.
    const sending = { id: (await startSending(t.db.orm, await draftForClass(turmaId, 'Feriado')))!.id }
    // A process claimed it and was killed before sending: the row is leased to it.
    await t.db.orm
      .update(pushDeliveries)
      .set({ lockedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(pushDeliveries.subscriptionId, orphan.subscriptionId))
    await t.app.push.drain()
    const title = (payload: PushPayload) => payload.title === 'Feriado'
    expect(payloads(orphan.device).filter(title)).toEqual([])
    await t.db.orm
      .update(pushDeliveries)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(pushDeliveries.subscriptionId, orphan.subscriptionId))
    await t.app.push.drain()
    await t.app.push.drain()
    expect(payloads(orphan.device).filter(title)).toHaveLength(1)
    const log = await logOf(sending.id)
    expect(log.deliveries.find((delivery) => delivery.user_id === orphan.student.id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('shares the work between two server processes on one database: every device gets exactly one', async () => {
    const turmaId = await newClass()
    const devices = await Promise.all(Array.from({ length: 12 }, () => classStudentWithDevice(turmaId)))
    const second: FastifyInstance = await buildApp(t.config, {
      db: t.db,
      seedDemoFiles: false,
      push: { settings: { ...SETTINGS, batchSize: 3 }, pollMs: 60_000 },
    })
    await second.ready()
    try {
      const sending = await sendToClass(turmaId, 'Semana de provas')
      await Promise.all([t.app.push.drain(), second.push.drain(), t.app.push.drain(), second.push.drain()])
      for (const { device } of devices) expect(payloads(device).filter((payload) => payload.title === 'Semana de provas')).toHaveLength(1)
      expect((await logOf(sending.id)).sending.counts).toMatchObject({ targeted: devices.length, sent: devices.length, queued: 0 })
    } finally {
      await second.close()
    }
  })

  it('schedules a sending for later and starts it when due', async () => {
    const later = await classStudentWithDevice(await newClass())
    const draft = await t.app.inject(
      jsonRequest(
        'POST',
        '/api/v1/push-sending/',
        {
          title: 'Lembrete',
          body: 'Amanhã tem aula.',
          link: '/dashboard',
          image_url: null,
          audience: { kind: 'alunos', user_ids: [later.student.id] },
        },
        bearer(manager.token),
      ),
    )
    const { id } = draft.json<PushSending>()
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const scheduled = await t.app.inject(
      jsonRequest('POST', '/api/v1/push-sending/send/', { id, scheduled_for: at }, bearer(manager.token)),
    )
    expect(scheduled.statusCode).toBe(202)
    expect(scheduled.json<PushSending>()).toMatchObject({ status: 'agendado', scheduled_for: at })
    await t.app.push.drain()
    expect(standIn.received(later.device.id)).toEqual([])

    await t.db.orm
      .update(pushSendings)
      .set({ scheduledFor: new Date(Date.now() - 1000) })
      .where(eq(pushSendings.id, id))
    await t.app.push.drain()
    expect(payloads(later.device).map((payload) => payload.title)).toEqual(['Lembrete'])
    const again = await t.app.inject(jsonRequest('POST', '/api/v1/push-sending/send/', { id, scheduled_for: null }, bearer(manager.token)))
    expect(again.statusCode).toBe(409)
  })

  it("sends /me's test to the asking device only, kept out of the managers' history", async () => {
    const student = await createAccount(t.app, t.db)
    const phone = standIn.newSubscription()
    const laptop = standIn.newSubscription()
    await createPushSubscription(t.db, student.id, phone)
    await createPushSubscription(t.db, student.id, laptop)
    const response = await t.app.inject(
      jsonRequest('POST', '/api/v1/push-notifications/test/', { auth: phone.auth }, bearer(student.token)),
    )
    expect(response.statusCode).toBe(202)
    await t.app.push.drain()
    expect(payloads(phone)).toEqual([expect.objectContaining({ title: TEST_NOTIFICATION.title, link: '/me' })])
    expect(standIn.received(laptop.id)).toEqual([])
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/v1/push-sending/', headers: bearer(manager.token) })
    ).json<PushSendingsPage>()
    expect(history.items.map((sending) => sending.title)).not.toContain(TEST_NOTIFICATION.title)
    // Another account's device: 404.
    const other = await createAccount(t.app, t.db)
    expect(
      (await t.app.inject(jsonRequest('POST', '/api/v1/push-notifications/test/', { auth: phone.auth }, bearer(other.token)))).statusCode,
    ).toBe(404)
  })
})

describe('retryDelayMs', () => {
  it('doubles from the base up to the ceiling, and waits at least what the push service asked', () => {
    const settings = { ...DEFAULT_SENDER_SETTINGS, retryBaseMs: 1000, maxRetryMs: 5000 }
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, settings, null))).toEqual([1000, 2000, 4000, 5000, 5000])
    expect(retryDelayMs(1, settings, 120_000)).toBe(120_000)
  })
})
