// Push sending's figures (issue 11), printed by bench/run.ts or alone
// (`node bench/push.ts`; PUSH_BENCH_COUNT sets the size, 10,000 by default):
//  - one sending to a class whose students hold COUNT subscriptions, through the real API
//    and the server's sender loop (server/plugins/push.ts) on the embedded database:
//    time to enqueue (the send request until every delivery row exists), deliveries per
//    second until none is queued, and the process's peak memory;
//  - a bare loop of web-push calls (server/areas/push/push-service.ts, the same agent) to the
//    same subscriptions with the same concurrency and payload size, in the same run;
//  - the ratio sender ÷ bare loop (goal ≥ 0.7).
// Both send to the push-service stand-in in this process (it decrypts every push), so the
// stand-in's cost weighs on both sides alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { and, eq, sql } from 'drizzle-orm'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { pushDeliveries, pushSubscriptions } from '../server/areas/push/schema.ts'
import { turmaAlunos } from '../server/areas/classes/schema.ts'
import { DEFAULT_SENDER_SETTINGS, payloadOf } from '../server/areas/push/sender.ts'
import { webPushService } from '../server/areas/push/push-service.ts'
import { createAccount, createOnlineClass } from '../server/test/accounts.ts'
import { bearer, jsonRequest } from '../server/test/app.ts'
import { startPushStandIn } from '../server/test/stand-ins/push-service.ts'

export interface PushFigures {
  count: number
  enqueueMs: number
  senderPerSecond: number
  barePerSecond: number
  ratio: number
  peakRssMb: number
  received: number
}

const DEVICES_PER_STUDENT = 50

function memorySampler() {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  return { stop: () => (clearInterval(timer), peak) }
}

export async function runPushBench(count = Number(process.env.PUSH_BENCH_COUNT ?? 10_000)): Promise<PushFigures> {
  const standIn = await startPushStandIn()
  // The server as `npm start` builds it (embedded database, demo school), on a fresh data directory.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-push-bench-'))
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUSH_SERVICE_HOSTS: standIn.host,
    PUSH_SERVICE_CA_FILE: standIn.caFile,
  })
  const app = await buildApp(config)
  const t = { app, db: app.db, config }
  try {
    const manager = await createAccount(t.app, t.db, 'manager')
    const owner = await createAccount(t.app, t.db)
    const turmaId = (await createOnlineClass(t.db, owner.id)).turma
    const devices = Array.from({ length: count }, () => standIn.newSubscription())
    // Students of the class, each with many devices (bulk rows, not 10,000 API calls).
    for (let start = 0; start < count; start += DEVICES_PER_STUDENT) {
      const student = await createAccount(t.app, t.db)
      await t.db.orm.insert(turmaAlunos).values({ turmaId, userId: student.id })
      await t.db.orm.insert(pushSubscriptions).values(
        devices.slice(start, start + DEVICES_PER_STUDENT).map((device) => ({
          userId: student.id,
          endpoint: device.endpoint,
          p256dh: device.p256dh,
          auth: device.auth,
          deviceType: 'mobile' as const,
        })),
      )
    }

    const draft = await t.app.inject(
      jsonRequest(
        'POST',
        '/api/v1/push-sending/',
        {
          title: 'Prova na sexta',
          body: 'Revise as unidades 3 e 4 antes da aula.',
          link: '/pedagogico/list',
          image_url: null,
          audience: { kind: 'turma', turma_id: turmaId },
        },
        bearer(manager.token),
      ),
    )
    const sendingId = draft.json<{ id: number }>().id
    const queued = async () =>
      Number(
        (
          await t.db.orm
            .select({ n: sql<number>`count(*)` })
            .from(pushDeliveries)
            .where(and(eq(pushDeliveries.sendingId, sendingId), eq(pushDeliveries.status, 'queued')))
        )[0]!.n,
      )

    const memory = memorySampler()
    const started = performance.now()
    const sent = await t.app.inject(
      jsonRequest('POST', '/api/v1/push-sending/send/', { id: sendingId, scheduled_for: null }, bearer(manager.token)),
    )
    if (sent.statusCode !== 202) throw new Error(`send answered ${sent.statusCode}: ${sent.body}`)
    // The send request writes every delivery row in its transaction (server/areas/push/sender.ts startSending).
    const enqueueMs = performance.now() - started
    while ((await queued()) > 0) await new Promise((resolve) => setTimeout(resolve, 100))
    const senderMs = performance.now() - started
    const peakRss = memory.stop()

    // The bare loop: the same calls, the same concurrency, nothing written anywhere.
    const service = webPushService({ vapid: app.secrets.vapid, subject: config.vapidSubject, ca: standIn.ca })
    const payload = JSON.stringify(
      payloadOf(
        {
          id: sendingId,
          title: 'Prova na sexta',
          body: 'Revise as unidades 3 e 4 antes da aula.',
          link: '/pedagogico/list',
          imageUrl: null,
        },
        crypto.randomUUID(),
      ),
    )
    let next = 0
    const failures: string[] = []
    const bareStarted = performance.now()
    await Promise.all(
      Array.from({ length: DEFAULT_SENDER_SETTINGS.batchSize * DEFAULT_SENDER_SETTINGS.lanes }, async () => {
        while (next < count) {
          const device = devices[next++]!
          const result = await service.send(device, payload, { ttl: DEFAULT_SENDER_SETTINGS.ttlSeconds, urgency: 'normal', topic: 'bench' })
          if (result.status !== 201) failures.push(`${result.status} ${result.error ?? ''}`)
        }
      }),
    )
    const bareMs = performance.now() - bareStarted
    service.close()
    if (failures.length > 0) throw new Error(`the bare loop's sends failed: ${failures.length}, e.g. ${failures[0]}`)

    const received = devices.reduce((total, device) => total + standIn.received(device.id).length, 0)
    const senderPerSecond = count / (senderMs / 1000)
    const barePerSecond = count / (bareMs / 1000)
    return {
      count,
      enqueueMs,
      senderPerSecond,
      barePerSecond,
      ratio: senderPerSecond / barePerSecond,
      peakRssMb: peakRss / 2 ** 20,
      received,
    }
  } finally {
    await app.close()
    await standIn.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printPushFigures(figures: PushFigures): void {
  console.log(`\nPush sending (issue 11): ${figures.count} subscriptions, push-service stand-in in this process`)
  console.log(`  enqueue (send request → every delivery row): ${figures.enqueueMs.toFixed(0)} ms`)
  console.log(`  sender:    ${figures.senderPerSecond.toFixed(0)} deliveries/s`)
  console.log(
    `  bare loop: ${figures.barePerSecond.toFixed(0)} web-push calls/s (concurrency ${DEFAULT_SENDER_SETTINGS.batchSize * DEFAULT_SENDER_SETTINGS.lanes})`,
  )
  console.log(`  ratio sender ÷ bare: ${figures.ratio.toFixed(2)} (goal ≥ 0.7)`)
  console.log(`  peak memory (server, database and stand-in): ${figures.peakRssMb.toFixed(0)} MB`)
  console.log(`  decrypted by the stand-in: ${figures.received} (sender and bare loop)`)
}

if (import.meta.main) printPushFigures(await runPushBench())
