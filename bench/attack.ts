// Issue 8's attack figures against the real server (server/main.ts) on a temp DATA_DIR,
// loopback only, bounded, stops by itself. Figures, never pass/fail:
//  1. Of 200 parallel wrong guesses for one account, how many were evaluated (a 400 with
//     the SPEC §8 text comes only after the password check; a 429 before it), and the
//     login p99 of a legitimate user meanwhile.
//  2. 500 slowloris connections (a header byte every 2 s): how many are still open after
//     15 s, and the GET /users/me/ p99 of normal clients meanwhile.
//  3. Password recovery: the median answer time for e-mails that have an account and
//     for e-mails that do not, which must not tell them apart.
// Run: `npx node bench/attack.ts`; bench/run.ts calls runAttackBench().
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOGIN_LIMITS } from '../server/areas/auth/login-failures-repository.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed.ts'
import { RECOVERY_LIMITS } from '../server/areas/auth/password-recovery-routes.ts'
import { startServer, stopServer } from './attack-server.ts'

const GUESSES = 200
const SLOWLORIS = 500
const SLOWLORIS_SECONDS = 15
const BYTE_EVERY_MS = 2000
const NORMAL_CLIENTS = 4

export interface AttackFigures {
  guesses: number
  evaluated: number
  limit: number
  legitimateLoginP99Ms: number
  slowlorisConnections: number
  slowlorisOpenAfter15s: number
  usersMeP99Ms: number
  recoveryRequests: number
  recoveryKnownMedianMs: number
  recoveryUnknownMedianMs: number
}

function p99(samples: number[]): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function login(base: string, username: string, password: string): Promise<Response> {
  return fetch(`${base}/api/v1/login/access-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  })
}

async function timed<T>(work: () => Promise<T>, samples: number[]): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    samples.push(performance.now() - started)
  }
}

async function guessingAttack(base: string) {
  const legitimate: number[] = []
  let attacking = true
  const student = (async () => {
    // The student logs in over and over while the attack runs (at least 10 times).
    for (let i = 0; i < 200 && (attacking || i < 10); i++) {
      const response = await timed(() => login(base, 'aluno@example.com', DEMO_PASSWORD), legitimate)
      await response.arrayBuffer()
    }
  })()
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, async (_, i) => {
      const response = await login(base, 'gestor@example.com', `palpite-${i}`)
      await response.arrayBuffer()
      return response.status
    }),
  )
  attacking = false
  await student
  return { evaluated: answers.filter((status) => status === 400).length, legitimateLoginP99Ms: p99(legitimate) }
}

async function slowloris(base: string) {
  const { port } = new URL(base)
  const sockets: net.Socket[] = []
  let open = 0
  for (let i = 0; i < SLOWLORIS; i++) {
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) })
    socket.on('error', () => {})
    socket.once('connect', () => {
      open++
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
    })
    socket.once('close', () => open--)
    sockets.push(socket)
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (socket.writable) socket.write('X')
  }, BYTE_EVERY_MS)

  const token = ((await (await login(base, 'aluno@example.com', DEMO_PASSWORD)).json()) as { access_token: string }).access_token
  const samples: number[] = []
  const until = Date.now() + SLOWLORIS_SECONDS * 1000
  await Promise.all(
    Array.from({ length: NORMAL_CLIENTS }, async () => {
      while (Date.now() < until) {
        const response = await timed(() => fetch(`${base}/api/v1/users/me/`, { headers: { authorization: `Bearer ${token}` } }), samples)
        await response.arrayBuffer()
      }
    }),
  )
  const stillOpen = open
  clearInterval(trickle)
  for (const socket of sockets) socket.destroy()
  return { slowlorisOpenAfter15s: stillOpen, usersMeP99Ms: p99(samples) }
}

/** Known and unknown e-mails alternate, each from its own address, each e-mail within its limit. */
async function recoveryTiming(base: string) {
  const known: number[] = []
  const unknown: number[] = []
  const emails = DEMO_ACCOUNTS.flatMap((account) => Array<string>(RECOVERY_LIMITS.recoveryIdentifier).fill(account.email))
  for (const [i, email] of emails.entries()) {
    for (const [target, samples] of [
      [email, known],
      [`ninguem-${i}@example.com`, unknown],
    ] as const) {
      const response = await timed(
        () =>
          fetch(`${base}/api/v1/login/recover-password/?email=${encodeURIComponent(target)}`, {
            method: 'POST',
            headers: { 'x-forwarded-for': `198.18.${samples === known ? 1 : 2}.${i + 1}` },
          }),
        samples,
      )
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`recover-password answered ${response.status}`)
      // The mail of a known e-mail is written after its answer: let it finish, so each
      // figure is the request's own time, not the previous one's work.
      await sleep(100)
    }
  }
  return { recoveryRequests: known.length + unknown.length, recoveryKnownMedianMs: median(known), recoveryUnknownMedianMs: median(unknown) }
}

export async function runAttackBench(): Promise<AttackFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-attack-'))
  // TRUST_PROXY: the recovery figures speak from many addresses (X-Forwarded-For) within the limits.
  const server = await startServer(dataDir, { TRUST_PROXY: 'true' })
  const { base } = server
  try {
    const guessing = await guessingAttack(base)
    const loris = await slowloris(base)
    const recovery = await recoveryTiming(base)
    return {
      guesses: GUESSES,
      evaluated: guessing.evaluated,
      limit: LOGIN_LIMITS.identifierAddress,
      legitimateLoginP99Ms: guessing.legitimateLoginP99Ms,
      slowlorisConnections: SLOWLORIS,
      ...loris,
      ...recovery,
    }
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printAttackFigures(figures: AttackFigures): void {
  console.log('Attack (issue 8):')
  console.log(`  login: ${figures.evaluated} of ${figures.guesses} parallel wrong guesses evaluated (limit ${figures.limit})`)
  console.log(`  login p99 of a legitimate user during the attack: ${figures.legitimateLoginP99Ms.toFixed(0)} ms`)
  console.log(
    `  slowloris: ${figures.slowlorisOpenAfter15s} of ${figures.slowlorisConnections} connections still open after ${SLOWLORIS_SECONDS} s`,
  )
  console.log(`  GET /users/me/ p99 meanwhile: ${figures.usersMeP99Ms.toFixed(0)} ms`)
  console.log(
    `  password recovery (${figures.recoveryRequests} requests): median answer ${figures.recoveryKnownMedianMs.toFixed(1)} ms for e-mails with an account, ${figures.recoveryUnknownMedianMs.toFixed(1)} ms without`,
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printAttackFigures(await runAttackBench())
}
