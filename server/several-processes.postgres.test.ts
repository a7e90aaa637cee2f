import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import type { PushPayload, PushSending } from '../src/contract/schemas/push.ts'
import { buildApp } from './app.ts'
import { testConfig } from './config.ts'
import { openPostgres, type Database } from './db/client.ts'
import { RECOVERY_LIMITS } from './areas/auth/password-recovery-routes.ts'
import { LOGIN_LIMITS } from './areas/auth/login-failures-repository.ts'
import { hashPassword } from './areas/auth/password.ts'
import { atividadeArquivos } from './areas/activities/schema.ts'
import { creditPoints } from './areas/club/repository.ts'
import { clubMovimentos, clubPedidosRecompensa, clubRecompensas } from './areas/club/schema.ts'
import { parcelas } from './areas/instalments/schema.ts'
import { cobrancas } from './areas/payments/schema.ts'
import { pushDeliveries } from './areas/push/schema.ts'
import { users } from './areas/users/schema.ts'
import { mailQueue } from './mail/queue-schema.ts'
import { createAccount, createActivity, createInstalment, createPushSubscription, type TestAccount } from './test/accounts.ts'
import { cloneTestDatabaseUrl, loginRequest } from './test/app.ts'
import { startMainProcess, type MainProcess } from './test/main-process.ts'
import { testCard } from './test/cards.ts'
import { MULTIPART_TYPE, multipartPayload, sampleFile } from './test/multipart.ts'
import { startPaymentProviderStandIn, type PaymentProviderStandIn } from './test/stand-ins/payment-provider.ts'
import { startPushStandIn, type PushStandIn, type StandInSubscription } from './test/stand-ins/push-service.ts'
import { startS3StandIn, type S3StandIn } from './test/stand-ins/s3.ts'
import { startSmtpStandIn, type SmtpStandIn } from './test/stand-ins/smtp.ts'

/**
 * Several processes, every guarantee (issue 39 item 7): three server/main.ts processes on one
 * PostgreSQL database and one S3 bucket, behind no balancer but this test, which sends them a
 * mixed load in turn for LOAD_MS: logins, reads, uploads whose retry goes to another process
 * with the same Idempotency-Key, card payments sent to two processes at once, redemptions,
 * password recoveries and a push to every student. One process is killed (SIGKILL) mid-run
 * and started again. Then: nothing lost, nothing twice, limits counted across processes,
 * every e-mail and push once. Outside systems are the stand-ins (SMTP, push service, payment
 * provider, S3).
 */

const LOAD_MS = 20_000
const KILL_AT_MS = 7_000
const RESTART_AT_MS = 11_000
const STUDENTS = 6
/** What each student can afford: three redemptions of REWARD_COST. */
const POINTS = 300
const REWARD_COST = 100
const INSTALMENTS = 3
/** Activities per student: ten files each at most (the server's cap), so 40 uploads. */
const ACTIVITIES = 4
const PUSH_TITLE = 'Aviso a todos os alunos'

type Process = MainProcess

/** A request the load sent: which process answered it (null: none, its connection died) and how. */
interface Outcome {
  status: number | null
  body: unknown
}

interface Student {
  account: TestAccount
  email: string
  address: string
  activities: number[]
  instalments: number[]
  device: StandInSubscription
}

let url: { url: string; drop(): Promise<void> }
let db: Database
let smtp: SmtpStandIn
let push: PushStandIn
let payments: PaymentProviderStandIn
let s3: S3StandIn
let env: Record<string, string>
const dataDirs: string[] = []
const processes: (Process | null)[] = [null, null, null]
/** Requests each process has in flight: the kill waits for one, so it cuts a request. */
const inFlight = new Map<Process, number>()
let manager: TestAccount
let rewardId: number
const students: Student[] = []
const PASSWORD = 'senha-da-carga-1'

async function startProcess(): Promise<Process> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-several-'))
  dataDirs.push(dataDir)
  return startMainProcess({ ...env, DATA_DIR: dataDir })
}

/** SIGKILL: a process that dies, with its requests in flight. */
async function killProcess(index: number): Promise<void> {
  const running = processes[index]
  if (!running) return
  processes[index] = null
  await running.kill()
}

/** The live processes from `turn` on, as a balancer would try them. */
function liveFrom(turn: number): Process[] {
  const order = [0, 1, 2].map((offset) => processes[(turn + offset) % 3])
  return order.filter((running): running is Process => running !== null)
}

/**
 * One request to the process whose turn it is; a connection that fails (the process was killed)
 * is retried once on the next live one, as a client's retry through the balancer would be.
 */
async function send(turn: number, pathname: string, init: RequestInit & { address: string }, retries = 1): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const running of liveFrom(turn).slice(0, retries + 1)) {
    inFlight.set(running, (inFlight.get(running) ?? 0) + 1)
    try {
      const response = await fetch(`${running.base}${pathname}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': init.address },
      })
      const text = await response.text()
      outcomes.push({ status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text })
      return outcomes
    } catch {
      outcomes.push({ status: null, body: null })
    } finally {
      inFlight.set(running, inFlight.get(running)! - 1)
    }
  }
  return outcomes
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

beforeAll(async () => {
  url = await cloneTestDatabaseUrl()
  db = await openPostgres({ url: url.url, max: 4 })
  ;[smtp, push, payments, s3] = await Promise.all([startSmtpStandIn(), startPushStandIn(), startPaymentProviderStandIn(), startS3StandIn()])
  const vapid = webpush.generateVAPIDKeys()
  env = {
    SEED_DEMO: 'false',
    DATABASE_URL: url.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '127.0.0.1',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:suporte@example.com',
    PUSH_SERVICE_HOSTS: push.host,
    PUSH_SERVICE_CA_FILE: push.caFile,
    SMTP_URL: smtp.url,
    PAYMENT_PROVIDER_URL: payments.url,
    PAYMENT_PROVIDER_TOKEN: payments.token,
    PAYMENT_WEBHOOK_SECRET: payments.webhookSecret,
    // A killed process's e-mails and pushes are taken over after 2 s instead of a minute.
    MAIL_LEASE_SECONDS: '2',
    PUSH_LEASE_SECONDS: '2',
    ...s3.env,
  }

  // The data, written through the app's own code on the same database (then closed: it sends nothing).
  const fixtures = await buildApp(testConfig({ jwtSecret: env.JWT_SECRET! }), {
    db,
    seedDemoFiles: false,
    push: { pollMs: 3_600_000 },
    mail: { pollMs: 3_600_000 },
  })
  await fixtures.ready()
  try {
    const passwordHash = await hashPassword(PASSWORD)
    manager = await createAccount(fixtures, db, 'manager')
    const [reward] = await db.orm
      .insert(clubRecompensas)
      .values({ nome: 'Caneca da escola', descricao: 'Uma caneca', custo: REWARD_COST, estoque: 1000, ativo: true })
      .returning({ id: clubRecompensas.id })
    rewardId = reward!.id
    for (let i = 0; i < STUDENTS; i++) {
      const account = await createAccount(fixtures, db)
      await db.orm.update(users).set({ passwordHash, isClub: true }).where(eq(users.id, account.id))
      await creditPoints(db.orm, {
        userId: account.id,
        origem: 'parceria',
        referencia: `carga-${i}`,
        pontos: POINTS,
        descricao: 'Crédito da carga',
      })
      const activities = []
      for (let n = 0; n < ACTIVITIES; n++) activities.push((await createActivity(db, account.id, fixtures.fileStorage)).turmaAlunoAtividade)
      const instalments = []
      for (let n = 0; n < INSTALMENTS; n++) instalments.push((await createInstalment(db, account.id)).id)
      const device = push.newSubscription()
      await createPushSubscription(db, account.id, device)
      students.push({
        account,
        email: account.email,
        address: `198.51.100.${10 + i}`,
        activities,
        instalments,
        device,
      })
    }
  } finally {
    await fixtures.close()
  }
  for (let i = 0; i < 3; i++) processes[i] = await startProcess()
}, 240_000)

afterAll(async () => {
  for (let i = 0; i < 3; i++) await killProcess(i)
  await db?.close()
  await url?.drop()
  await Promise.all([smtp?.close(), push?.close(), payments?.close(), s3?.close()])
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true })
})

/** Everything the load saw, per student. */
interface Seen {
  logins: Outcome[][]
  reads: Outcome[][]
  /** Upload key → the answers of its first send and of its replay on the next process. */
  uploads: Map<string, { bytes: Uint8Array; outcomes: Outcome[] }>
  redemptions: Outcome[][]
  /** Instalment id → the answers of the same payment sent to two processes at once. */
  payments: Map<number, Outcome[][]>
  recoveries: Outcome[][]
}

const answered = (outcomes: Outcome[]) => outcomes.find((outcome) => outcome.status !== null)
const statuses = (all: Outcome[][]) => all.flat().map((outcome) => outcome.status)

async function studentLoad(student: Student, index: number, until: number): Promise<Seen> {
  const seen: Seen = { logins: [], reads: [], uploads: new Map(), redemptions: [], payments: new Map(), recoveries: [] }
  const { address } = student
  let token = student.account.token
  for (let k = 0; Date.now() < until; k++) {
    const turn = index + k
    const login = await send(turn, '/api/v1/login/access-token/', {
      ...loginRequestInit(student.email, PASSWORD),
      address,
    })
    seen.logins.push(login)
    const body = answered(login)?.body as { access_token?: string } | undefined
    if (body?.access_token) token = body.access_token

    for (const pathname of ['/api/v1/users/me/', '/api/v1/at-home/turmas/', '/api/v1/at-home/financeiro/'])
      seen.reads.push(await send(turn + 1, pathname, { headers: bearer(token), address }))

    // An upload, then the same key again on the next process (its answer was lost on the bus).
    const activity = student.activities[Math.floor(k / 10)]
    if (activity !== undefined) {
      const key = `carga-${index}-${k}-${randomBytes(4).toString('hex')}`
      const bytes = sampleFile('application/pdf', 4096 + k)
      const upload = () => ({
        method: 'POST',
        body: new Uint8Array(multipartPayload([{ name: 'file', filename: `atividade-${k}.pdf`, contentType: 'application/pdf', bytes }])),
        headers: { ...bearer(token), 'content-type': MULTIPART_TYPE, 'idempotency-key': key },
        address,
      })
      const pathname = `/api/v1/turma-aluno-atividades/${activity}/enviar-arquivo-atividade/`
      const first = await send(turn + 2, pathname, upload())
      const replay = await send(turn + 3, pathname, upload())
      seen.uploads.set(key, { bytes, outcomes: [...first, ...replay] })
    }

    seen.redemptions.push(
      await send(turn, '/api/v1/transactions/debit/', {
        method: 'POST',
        body: JSON.stringify({ recompensa_id: rewardId }),
        headers: { ...bearer(token), 'content-type': 'application/json' },
        address,
      }),
    )

    // The same card payment sent to two processes at once (a double tap behind a balancer).
    const instalment = student.instalments[k]
    if (instalment !== undefined) {
      const pay = (t: number) =>
        send(t, `/drive/api/v1/financeiro-parcelas/${instalment}/cobranca/execute/cartao-credito/portal/`, {
          method: 'POST',
          body: JSON.stringify(testCard()),
          headers: { ...bearer(token), 'content-type': 'application/json' },
          address,
        })
      seen.payments.set(instalment, await Promise.all([pay(turn), pay(turn + 1)]))
    }

    seen.recoveries.push(
      await send(turn + 2, `/api/v1/login/recover-password/?email=${encodeURIComponent(student.email)}`, { method: 'POST', address }),
    )
  }
  return seen
}

function loginRequestInit(username: string, password: string): RequestInit {
  const request = loginRequest({ username, password })
  return { method: 'POST', body: request.payload as string, headers: request.headers as Record<string, string> }
}

async function sendPushToEveryStudent(): Promise<PushSending> {
  const draft = await send(0, '/api/v1/push-sending/', {
    method: 'POST',
    body: JSON.stringify({
      title: PUSH_TITLE,
      body: 'A escola estará fechada na segunda.',
      link: '/dashboard',
      image_url: null,
      audience: { kind: 'alunos', user_ids: students.map((student) => student.account.id) },
    }),
    headers: { ...bearer(manager.token), 'content-type': 'application/json' },
    address: '198.51.100.200',
  })
  const { id } = answered(draft)!.body as PushSending
  const sent = await send(0, '/api/v1/push-sending/send/', {
    method: 'POST',
    body: JSON.stringify({ id, scheduled_for: null }),
    headers: { ...bearer(manager.token), 'content-type': 'application/json' },
    address: '198.51.100.200',
  })
  expect(answered(sent)?.status).toBe(202)
  return answered(sent)!.body as PushSending
}

/** Until the queues in the database have nothing left to send (the processes poll them). */
async function queuesEmpty(): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const [mail] = await db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(eq(mailQueue.status, 'pending'))
    const [pushes] = await db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.status, 'queued'))
    if (mail!.n === 0 && pushes!.n === 0) return
    if (Date.now() > deadline) throw new Error(`still queued: ${mail!.n} e-mails, ${pushes!.n} pushes`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('three processes on one database and one bucket', () => {
  it('lose nothing and do nothing twice under a mixed load with one of them killed and restarted', { timeout: 240_000 }, async () => {
    const start = Date.now()
    const until = start + LOAD_MS
    const loads = students.map((student, index) => studentLoad(student, index, until))
    const sending = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      return sendPushToEveryStudent()
    })()
    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS))
      while (!inFlight.get(processes[1]!)) await new Promise((resolve) => setImmediate(resolve))
      await killProcess(1)
      await new Promise((resolve) => setTimeout(resolve, RESTART_AT_MS - KILL_AT_MS))
      processes[1] = await startProcess()
    })()
    const seen = await Promise.all(loads)
    await Promise.all([chaos, sending])
    await queuesEmpty()

    const all = seen.flatMap((one) => [
      ...one.logins,
      ...one.reads,
      ...[...one.uploads.values()].map((upload) => upload.outcomes),
      ...one.redemptions,
      ...[...one.payments.values()].flat(),
      ...one.recoveries,
    ])
    // The load was real: every student went round several times, and the kill cut some requests.
    for (const one of seen) expect(one.logins.length).toBeGreaterThanOrEqual(3)
    console.log(
      `several processes: ${all.flat().length} requests, ${statuses(all).filter((status) => status === null).length} cut by the kill`,
    )
    // No process answered 5xx, whatever happened to its neighbour.
    expect(statuses(all).filter((status) => status !== null && status >= 500)).toEqual([])
    for (const one of seen) {
      expect(statuses(one.logins).filter((status) => status !== null && status !== 200)).toEqual([])
      expect(statuses(one.reads).filter((status) => status !== null && status !== 200)).toEqual([])
    }

    for (const [i, student] of students.entries()) {
      const one = seen[i]!
      // Uploads: one row per key the server answered, whichever process took each send, with the bytes sent.
      const rows = await db.orm.select().from(atividadeArquivos).where(eq(atividadeArquivos.userId, student.account.id))
      const byKey = new Map(rows.map((row) => [row.idempotencyKey, row]))
      expect(rows).toHaveLength(byKey.size)
      for (const [key, upload] of one.uploads) {
        const ids = upload.outcomes
          .filter((outcome) => outcome.status !== null)
          .map((outcome) => {
            expect([200, 201], JSON.stringify(upload.outcomes)).toContain(outcome.status)
            return (outcome.body as { id: number }).id
          })
        if (ids.length === 0) continue
        expect(new Set(ids).size, key).toBe(1)
        const row = byKey.get(key)
        expect(row?.id, key).toBe(ids[0])
        expect(row!.sha256).toBe(createHash('sha256').update(upload.bytes).digest('hex'))
      }
      expect(rows.every((row) => one.uploads.has(row.idempotencyKey))).toBe(true)

      // Redemptions: never more than the points allow, each one debited once.
      const accepted = statuses(one.redemptions).filter((status) => status === 201 || status === 200).length
      const refused = statuses(one.redemptions).filter((status) => status === 409).length
      expect(accepted + refused + statuses(one.redemptions).filter((status) => status === null).length).toBe(one.redemptions.flat().length)
      // (Instalments paid on time earn points too, so the credits are read from the ledger.)
      const orders = await db.orm.select().from(clubPedidosRecompensa).where(eq(clubPedidosRecompensa.userId, student.account.id))
      const ledger = await db.orm.select().from(clubMovimentos).where(eq(clubMovimentos.userId, student.account.id))
      const credits = ledger.filter((entry) => entry.tipo === 'credito').reduce((sum, entry) => sum + entry.pontos, 0)
      const debits = ledger.filter((entry) => entry.tipo === 'debito')
      expect(debits).toHaveLength(orders.length)
      expect(debits.every((entry) => entry.pontos === REWARD_COST)).toBe(true)
      expect(orders.length).toBeLessThanOrEqual(Math.floor(credits / REWARD_COST))
      expect(orders.length).toBeGreaterThanOrEqual(accepted)
      // Each refusal was right when it was made: the points had run out.
      if (refused > 0) expect(orders.length).toBeGreaterThanOrEqual(Math.floor(POINTS / REWARD_COST))

      // Payments: each instalment paid once, charged once, though asked twice at once.
      for (const [instalment, pair] of one.payments) {
        const answers = pair.map(answered).filter((outcome) => outcome !== undefined)
        expect(answers.filter((outcome) => outcome.status === 201).length, `instalment ${instalment}`).toBeLessThanOrEqual(1)
        for (const outcome of answers) expect([201, 409]).toContain(outcome.status)
        const [row] = await db.orm.select().from(parcelas).where(eq(parcelas.id, instalment))
        if (answers.some((outcome) => outcome.status === 201)) expect(row!.pagoEm).not.toBeNull()
        const txids = new Set(
          (await db.orm.select({ txid: cobrancas.txid }).from(cobrancas).where(eq(cobrancas.parcelaId, instalment))).map((c) => c.txid),
        )
        const charged = payments.charges.filter((charge) => charge.status === 'approved' && txids.has(charge.reference))
        expect(charged.length, `instalment ${instalment}`).toBe(row!.pagoEm === null ? 0 : 1)
        const paidRows = await db.orm
          .select()
          .from(cobrancas)
          .where(and(eq(cobrancas.parcelaId, instalment), eq(cobrancas.status, 'pago')))
        expect(paidRows).toHaveLength(row!.pagoEm === null ? 0 : 1)
      }

      // Recoveries: the per-address cap counted across the three processes; each queued e-mail sent once.
      const recovered = statuses(one.recoveries).filter((status) => status === 200).length
      expect(recovered).toBeLessThanOrEqual(RECOVERY_LIMITS.recoveryIdentifierAddress)
      const mails = smtp.received.filter((mail) => mail.envelope.to.includes(student.email))
      const sentRows = await db.orm
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.recipient, student.email), eq(mailQueue.status, 'sent')))
      expect(mails.length).toBe(sentRows.length)
      expect(mails.length).toBeGreaterThanOrEqual(recovered)
      expect(mails.length).toBeLessThanOrEqual(RECOVERY_LIMITS.recoveryIdentifierAddress)
      const links = mails.map((mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      expect(new Set(links).size).toBe(links.length)

      // The push: on every student's device once.
      const pushes = push.received(student.device.id).map((received) => JSON.parse(received.body) as PushPayload)
      expect(pushes.filter((payload) => payload.title === PUSH_TITLE)).toHaveLength(1)
    }
    const { id } = await sending
    const deliveries = await db.orm.select().from(pushDeliveries).where(eq(pushDeliveries.sendingId, id))
    expect(deliveries.map((delivery) => delivery.status)).toEqual(students.map(() => 'sent'))
    // Every stored file is in the one bucket.
    const keys = new Set(await s3.keys())
    const stored = await db.orm
      .select({ chave: atividadeArquivos.chave })
      .from(atividadeArquivos)
      .where(
        inArray(
          atividadeArquivos.userId,
          students.map((student) => student.account.id),
        ),
      )
    for (const { chave } of stored) expect(keys.has(chave), chave).toBe(true)
  })

  it('count a login limit across the processes as one', { timeout: 60_000 }, async () => {
    const attacker = '203.0.113.99'
    const victim = students[0]!.email
    const answers: (number | null)[] = []
    for (let i = 0; i < LOGIN_LIMITS.identifierAddress + 6; i++) {
      const outcomes = await send(i, '/api/v1/login/access-token/', { ...loginRequestInit(victim, `errada-${i}`), address: attacker }, 0)
      answers.push(outcomes[0]!.status)
    }
    // Ten wrong guesses in all were evaluated, wherever they landed; the rest refused.
    expect(answers.filter((status) => status === 400)).toHaveLength(LOGIN_LIMITS.identifierAddress)
    expect(answers.slice(LOGIN_LIMITS.identifierAddress).every((status) => status === 429)).toBe(true)
  })
})
