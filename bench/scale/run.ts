// Figures at scale (issue 39 item 8): `npm run bench:scale`. Generates the school network
// (bench/scale/generate.ts) in a fresh PostgreSQL database, starts the real server on it as
// its own process (bench/api-server.ts, the node flags of `npm start`) and prints, each beside
// its goal:
//  - p50/p99 of every student sync endpoint and /users/me/ at 200 concurrent clients, every
//    request a different student with a token of their own;
//  - the managers' lists, first and last page;
//  - a push to every student through the server's sender to the push-service stand-in,
//    against the bare web-push loop on the same stand-in, and the server's peak memory;
//  - an unchanged sync's 304: latency and the server's CPU time per request.
// Environment (all optional): DATABASE_URL (the server to create the database on; default
// postgres://postgres@127.0.0.1:5432/test), SCALE (1), SCALE_DATABASE (scale_bench),
// SCALE_REUSE=1 (keep a database this script generated before instead of generating again),
// SCALE_DURATION (seconds per endpoint, 10), SCALE_CONNECTIONS (200), SCALE_PARTS (which
// figures: sync,304,managers,push, all by default), SCALE_PUSH_COUNT (subscriptions the push
// reaches; all of them by default).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { startBenchServer, stopBenchServer } from '../api-server-process.ts'
import { SignJWT } from 'jose'
import pg from 'pg'
import webpush from 'web-push'
import { openPostgres } from '../../server/db/client.ts'
import { startPushStandIn } from '../../server/test/stand-ins/push-service.ts'
import { contract, type EndpointName } from '../../src/contract/contract.ts'
import { fillPath } from '../../src/contract/define.ts'
import { countsFor, generateNetwork, SCALE_EMAIL_DOMAIN } from './generate.ts'

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SCALE = Number(process.env.SCALE ?? 1)
const DATABASE = process.env.SCALE_DATABASE ?? 'scale_bench'
const DURATION_S = Number(process.env.SCALE_DURATION ?? 10)
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 200)
/** SCALE_PARTS=sync,304,managers,push (the default: all): which figures to take. */
const PARTS = (process.env.SCALE_PARTS ?? 'sync,304,managers,push').split(',')
const part = (name: string) => PARTS.includes(name)
/** Students whose tokens the clients take in turn: every request is another student's. */
const SAMPLED_STUDENTS = Math.min(20_000, countsFor(SCALE).students)
const TOKEN_TTL_S = 8 * 24 * 60 * 60

const GOALS = { syncP99Ms: 100, managerPageMs: 150, pushRatio: 0.7, pushPeakMb: 600 }

if (!/^scale_[a-z0-9_]+$/.test(DATABASE)) throw new Error(`SCALE_DATABASE must be named scale_…, not ${DATABASE}`)

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}
const URL_OF_DATABASE = databaseUrl(DATABASE)

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`

// 1. The network.
async function prepareDatabase(): Promise<void> {
  if (process.env.SCALE_REUSE === '1') {
    const generated = await withClient(ADMIN_URL, async (admin) => {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE])
      return rowCount === 1
    })
    if (generated) {
      const students = await withClient(URL_OF_DATABASE, async (client) => {
        const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from users where email like $1`, [
          `aluno%@${SCALE_EMAIL_DOMAIN}`,
        ])
        return rows[0]!.n
      })
      if (students === countsFor(SCALE).students) {
        console.log(`Reusing ${DATABASE} (${students.toLocaleString('en')} students; SCALE_REUSE=1)`)
        return
      }
    }
  }
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${DATABASE} with (force)`)
    await admin.query(`create database ${DATABASE}`)
  })
  const database = await openPostgres({ url: URL_OF_DATABASE, max: 1 })
  await database.migrate()
  await database.close()
  console.log(`Generating the network at scale ${SCALE} in ${DATABASE}:`)
  const network = await withClient(URL_OF_DATABASE, (client) => generateNetwork(client, SCALE, console.log))
  const { rows: size } = await withClient(URL_OF_DATABASE, (client) =>
    client.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size'),
  )
  const total = Object.values(network.rows).reduce((sum, n) => sum + n, 0)
  console.log(
    `Generation: ${total.toLocaleString('en')} rows in ${(network.totalMs / 1000).toFixed(0)} s (analyze included), database ${size[0]!.size}`,
  )
}

// 2. The server, as its own process (bench/api-server-process.ts).
type Server = Awaited<ReturnType<typeof startBenchServer>>

/** The server process's CPU time (user + system), in milliseconds, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat; index 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : 0
}

// 3. Tokens, minted as the server mints them: a session row per student, an HS256 JWT naming it.
interface Student {
  id: number
  token: string
  turmaId: number
  turmaAlunoId: number
}

async function mintTokens(client: pg.Client, jwtSecret: string, ids: number[]): Promise<Map<number, string>> {
  const key = new TextEncoder().encode(jwtSecret)
  const now = Math.floor(Date.now() / 1000)
  const sessions = ids.map(() => randomBytes(16).toString('base64url'))
  await client.query(
    `insert into user_sessions (id, user_id, device, brand, expires_at)
     select s, u, 'Bench em escala', 'knn', now() + interval '8 days' from unnest($1::text[], $2::int[]) as t(s, u)`,
    [sessions, ids],
  )
  const { rows } = await client.query<{ id: number; token_version: number }>(
    'select id, token_version from users where id = any($1::int[])',
    [ids],
  )
  const versions = new Map(rows.map((row) => [row.id, row.token_version]))
  const tokens = new Map<number, string>()
  for (const [index, id] of ids.entries()) {
    const token = await new SignJWT({ ver: versions.get(id) ?? 0, sid: sessions[index] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_S)
      .sign(key)
    tokens.set(id, token)
  }
  return tokens
}

async function sampleStudents(client: pg.Client, jwtSecret: string): Promise<Student[]> {
  const counts = countsFor(SCALE)
  const { rows: first } = await client.query<{ id: number }>('select min(id)::int as id from users where email like $1', [
    `aluno%@${SCALE_EMAIL_DOMAIN}`,
  ])
  const step = Math.max(1, Math.floor(counts.students / SAMPLED_STUDENTS))
  const ids = Array.from({ length: SAMPLED_STUDENTS }, (_, index) => first[0]!.id + index * step)
  const { rows: enrolments } = await client.query<{ user_id: number; id: number; turma_id: number }>(
    `select distinct on (user_id) user_id, id, turma_id from turma_alunos where user_id = any($1::int[]) order by user_id, id`,
    [ids],
  )
  const tokens = await mintTokens(client, jwtSecret, ids)
  return enrolments.map((row) => ({ id: row.user_id, token: tokens.get(row.user_id)!, turmaId: row.turma_id, turmaAlunoId: row.id }))
}

/** The GETs a student's device sends when it syncs (src/features/*: the offline entities and the short lists), and /users/me/. */
const SYNC: { endpoint: EndpointName; url: (student: Student) => string }[] = [
  { endpoint: 'usersMe', url: () => contract.usersMe.path },
  { endpoint: 'turmas', url: () => contract.turmas.path },
  { endpoint: 'notasTurma', url: (s) => fillPath(contract.notasTurma.path, { id: s.turmaId }) },
  { endpoint: 'notasAtHome', url: (s) => fillPath(contract.notasAtHome.path, { id: s.turmaAlunoId }) },
  { endpoint: 'financeiro', url: () => contract.financeiro.path },
  { endpoint: 'pedidos', url: () => contract.pedidos.path },
  { endpoint: 'aulasOnline', url: () => contract.aulasOnline.path },
  { endpoint: 'statement', url: () => contract.statement.path },
  { endpoint: 'rewards', url: () => contract.rewards.path },
  { endpoint: 'rewardOrders', url: () => contract.rewardOrders.path },
  { endpoint: 'knnUsaTurmas', url: () => `${contract.knnUsaTurmas.path}?programa=orlando` },
  { endpoint: 'knnUsaMinhaRequest', url: () => contract.knnUsaMinhaRequest.path },
]

interface LoadResult {
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
  cpuMsPerRequest: number
}

/** `CONNECTIONS` clients for `DURATION_S`; every request is the next student's (`request` builds it). */
async function load(
  server: Server,
  request: (student: Student) => { path: string; headers?: Record<string, string> },
  students: Student[],
  expected = 200,
): Promise<LoadResult> {
  let next = 0
  const cpuBefore = cpuMs(server.child.pid!)
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const student = students[next++ % students.length]!
          const { path, headers = {} } = request(student)
          return {
            ...req,
            method: 'GET',
            path: `/api/v1${path}`,
            headers: { ...req.headers, authorization: `Bearer ${student.token}`, ...headers },
          }
        },
      },
    ],
  })
  const cpu = cpuMs(server.child.pid!) - cpuBefore
  const statusOf = (code: number) => (result.statusCodeStats as unknown as Record<string, { count: number }>)[String(code)]?.count ?? 0
  const answered = statusOf(expected)
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.requests.total - answered,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
  }
}

async function timed(server: Server, path: string, token: string): Promise<{ ms: number[]; body: unknown }> {
  const times: number[] = []
  let body: unknown
  for (let round = 0; round < 5; round++) {
    const started = performance.now()
    const response = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
    body = await response.json()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
  }
  return { ms: times.sort((a, b) => a - b), body }
}

async function main(): Promise<void> {
  console.log(`Figures at scale (issue 39 item 8), ${new Date().toISOString()}`)
  const machine = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  console.log(`Machine: ${(await import('node:os')).cpus().length} cores, load ${machine}; PostgreSQL at ${new URL(ADMIN_URL).host}`)
  const generationStarted = performance.now()
  await prepareDatabase()
  console.log(`Database ready in ${((performance.now() - generationStarted) / 1000).toFixed(0)} s`)

  const standIn = await startPushStandIn()
  const vapid = webpush.generateVAPIDKeys()
  const jwtSecret = randomBytes(32).toString('base64url')
  const serverEnv = {
    DATABASE_URL: URL_OF_DATABASE,
    JWT_SECRET: jwtSecret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@rede-escala.example',
    PUSH_SERVICE_HOSTS: standIn.host,
    PUSH_SERVICE_CA_FILE: standIn.caFile,
  }
  const server = await startBenchServer(serverEnv)
  const db = new pg.Client({ connectionString: URL_OF_DATABASE })
  await db.connect()
  try {
    const students = await sampleStudents(db, jwtSecret)
    const [managerId] = (
      await db.query<{ id: number }>(`select id from users where email = $1`, [`gestor1@${SCALE_EMAIL_DOMAIN}`])
    ).rows.map((row) => row.id)
    const managerToken = (await mintTokens(db, jwtSecret, [managerId!])).get(managerId!)!

    if (part('sync')) {
      console.log(
        `\n== Student sync at ${CONNECTIONS} concurrent clients, ${DURATION_S} s each, ${students.length.toLocaleString('en')} students in turn ==`,
      )
      console.log(`   goal: p99 ≤ ${GOALS.syncP99Ms} ms`)
      for (const sync of SYNC) {
        const result = await load(server, (student) => ({ path: sync.url(student) }), students)
        const problems = result.non2xx + result.errors > 0 ? `  (${result.non2xx} not 200, ${result.errors} errors)` : ''
        console.log(
          `  ${contract[sync.endpoint].path.padEnd(40)} p50 ${ms(result.p50).padStart(7)}  p99 ${ms(result.p99).padStart(7)}  ${String(result.requests).padStart(6)} req  ${mark(result.p99 <= GOALS.syncP99Ms && problems === '')}${problems}`,
        )
      }
    }

    if (part('304')) {
      console.log(`\n== An unchanged sync: GET /at-home/financeiro/ with its ETag → 304 ==`)
      const etags = new Map<number, string>()
      for (const student of students.slice(0, 2_000)) {
        const response = await fetch(`${server.url}/api/v1${contract.financeiro.path}`, {
          headers: { authorization: `Bearer ${student.token}` },
        })
        await response.arrayBuffer()
        etags.set(student.id, response.headers.get('etag') ?? '')
      }
      const unchanged = await load(
        server,
        (student) => ({ path: contract.financeiro.path, headers: { 'if-none-match': etags.get(student.id)! } }),
        students.slice(0, 2_000),
        304,
      )
      console.log(
        `  304s: p50 ${ms(unchanged.p50)}, p99 ${ms(unchanged.p99)}, ${unchanged.requests} requests (${unchanged.non2xx} not 304); server CPU ${unchanged.cpuMsPerRequest.toFixed(2)} ms per request`,
      )
    }

    if (part('managers')) {
      console.log(`\n== Managers' lists (50 a page), first and last page, median of 5 (max) ==`)
      console.log(`   goal: ≤ ${GOALS.managerPageMs} ms`)
      const queues: [string, string][] = [
        ['orders to fulfil', contract.pedidosAAtender.path],
        ['club referral leads', contract.referralLeads.path],
        ['club reward orders', contract.rewardOrdersToFulfil.path],
        ['overseas-study requests', contract.knnUsaGestaoRequests.path],
        ['push history', contract.pushSendings.path],
      ]
      const printPage = (label: string, times: number[]) =>
        console.log(`  ${label.padEnd(44)} ${ms(times[2]!).padStart(7)} (${ms(times[4]!)})  ${mark(times[4]! <= GOALS.managerPageMs)}`)
      for (const [label, path] of queues) {
        const first = await timed(server, `${path}?limit=50`, managerToken)
        const total = (first.body as { total: number }).total
        printPage(`${label}, first page (of ${total.toLocaleString('en')})`, first.ms)
        const last = await timed(server, `${path}?limit=50&offset=${Math.floor((total - 1) / 50) * 50}`, managerToken)
        printPage(`${label}, last page`, last.ms)
      }
    }

    if (!part('push')) return
    // The push: every subscription made the stand-in's (it decrypts each push, playing the browser).
    const { rows: subscriptionIds } = await db.query<{ id: number }>('select id from push_subscriptions order by id')
    const count = Math.min(Number(process.env.SCALE_PUSH_COUNT ?? subscriptionIds.length), subscriptionIds.length)
    console.log(
      `\n== A push to every student: ${count.toLocaleString('en')} subscriptions (of ${subscriptionIds.length.toLocaleString('en')}) ==`,
    )
    console.log(`   goal: sender ≥ ${GOALS.pushRatio}× the bare loop, server peak ≤ ${GOALS.pushPeakMb} MB`)
    if (count < subscriptionIds.length) {
      await db.query('delete from push_subscriptions where id > $1', [subscriptionIds[count - 1]!.id])
    }
    const preparedAt = performance.now()
    for (let start = 0; start < count; start += 20_000) {
      const slice = subscriptionIds.slice(start, Math.min(count, start + 20_000))
      const devices = slice.map(() => standIn.newSubscription())
      await db.query(
        `update push_subscriptions s set endpoint = t.endpoint, p256dh = t.p256dh, auth = t.auth
         from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as t(id, endpoint, p256dh, auth) where s.id = t.id`,
        [slice.map((row) => row.id), devices.map((d) => d.endpoint), devices.map((d) => d.p256dh), devices.map((d) => d.auth)],
      )
    }
    console.log(`  (stand-in subscriptions made in ${((performance.now() - preparedAt) / 1000).toFixed(0)} s)`)

    const json = { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' }
    const draft = await fetch(`${server.url}/api/v1${contract.pushSendingCreate.path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        title: 'Aviso para toda a rede',
        body: 'Amanhã não haverá aula.',
        link: '/',
        image_url: null,
        audience: { kind: 'todos' },
      }),
    })
    const { id: sendingId } = (await draft.json()) as { id: number }
    const rssBefore = rssMb(server.child.pid!)
    let peak = rssBefore
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 100)
    const started = performance.now()
    const sent = await fetch(`${server.url}/api/v1${contract.pushSendingSend.path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ id: sendingId, scheduled_for: null }),
    })
    if (sent.status !== 202) throw new Error(`send answered ${sent.status}: ${await sent.text()}`)
    const enqueueMs = performance.now() - started
    const queued = async () =>
      (
        await db.query<{ n: number }>(`select count(*)::int as n from push_deliveries where sending_id = $1 and status = 'queued'`, [
          sendingId,
        ])
      ).rows[0]!.n
    while ((await queued()) > 0) await new Promise((resolve) => setTimeout(resolve, 500))
    const senderMs = performance.now() - started
    clearInterval(sampler)
    const { rows: outcome } = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from push_deliveries where sending_id = $1 group by status',
      [sendingId],
    )
    await stopBenchServer(server.child)

    // The bare loop in a process of its own, as the sender ran in the server's.
    const bare = spawn(process.execPath, ['bench/scale/bare-push.ts'], {
      env: { ...process.env, ...serverEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let bareLine = ''
    for await (const line of createInterface({ input: bare.stdout! })) bareLine = line
    const bareMatch = /^bare (\d+) (\d+)/.exec(bareLine)
    if (!bareMatch) throw new Error(`the bare loop: ${bareLine}`)
    const senderRate = count / (senderMs / 1000)
    const bareRate = Number(bareMatch[1]) / (Number(bareMatch[2]) / 1000)
    console.log(`  enqueue (send request → every delivery row): ${ms(enqueueMs)}`)
    console.log(`  sender:    ${senderRate.toFixed(0)} deliveries/s (${outcome.map((row) => `${row.n} ${row.status}`).join(', ')})`)
    console.log(`  bare loop: ${bareRate.toFixed(0)} web-push calls/s`)
    console.log(`  ratio: ${(senderRate / bareRate).toFixed(2)}  ${mark(senderRate / bareRate >= GOALS.pushRatio)}`)
    console.log(`  server memory: ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB  ${mark(peak <= GOALS.pushPeakMb)}`)
  } finally {
    await db.end()
    await stopBenchServer(server.child)
    await standIn.close()
  }
}

await main()
