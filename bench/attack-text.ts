// Issue 36 item 4 figure against the real server (server/main.ts on a temp DATA_DIR, as
// bench/attack.ts starts it): every fuzz case the safety suite generates from the contract
// (server/test/contract-cases.ts: hostile path, query, header and body values, and the
// text no field takes: a lone surrogate, bytes that are not UTF-8, a control character in
// every string field) is sent over HTTP with a real token of the role it needs, and the 5xx
// answers are counted. A figure, never pass/fail; the goal is 0.
// Run: `npx node bench/attack-text.ts`; bench/run.ts may call runTextAttackBench().
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { contract } from '../src/contract/contract.ts'
import type { Role } from '../src/contract/define.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed.ts'
import { routeUrl } from '../server/http/contract-route.ts'
import { contractCases, type ContractCase } from '../server/test/contract-cases.ts'
import { startServer, stopServer } from './attack-server.ts'

/** Requests in flight at once: enough to keep the server busy, not a load test. */
const PARALLEL = 4
const BASE_PATHS = { portal: '/api/v1', drive: '/drive/api/v1' }

export interface TextAttackFigures {
  endpoints: number
  cases: number
  fiveHundreds: number
  /** The issue 36 cases (`fuzz text: …`) among them, and their 5xx. */
  textCases: number
  textFiveHundreds: number
  /** Requests the server closed before answering (a body past the limit, say): not a 5xx. */
  noAnswer: number
  /** The first few 5xx, to look at. */
  examples: string[]
  seconds: number
}

async function tokenOf(base: string, role: Role): Promise<string> {
  const account = DEMO_ACCOUNTS.find((demo) => demo.role === role)
  if (!account) throw new Error(`no demo ${role}`)
  const response = await fetch(`${base}/api/v1/login/access-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: account.email, password: DEMO_PASSWORD }),
  })
  if (response.status !== 200) throw new Error(`login as the demo ${role}: ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** The case's request as the suite sends it, over HTTP: its status, or null without an answer. */
async function send(base: string, item: ContractCase, token: string): Promise<number | null> {
  const { endpoint, request } = item
  const path = routeUrl(endpoint, BASE_PATHS).replace(/:(\w+)/g, (_, name: string) => request.params[name]!)
  const url = `${base}${path}${request.query === undefined ? '' : `?${request.query}`}`
  try {
    const response = await fetch(url, {
      method: endpoint.method,
      headers: {
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
        authorization: `Bearer ${token}`,
        ...request.headers,
      },
      body: request.payload === undefined ? undefined : new Uint8Array(Buffer.from(request.payload)),
    })
    await response.arrayBuffer()
    return response.status
  } catch {
    return null
  }
}

export async function runTextAttackBench(): Promise<TextAttackFigures> {
  const cases = contractCases(contract).filter((item) => item.kind === 'fuzz')
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-attack-text-'))
  const server = await startServer(dataDir, { TRUST_PROXY: 'true' })
  const { base } = server
  const started = performance.now()
  try {
    const tokens: Record<Role, string> = { student: await tokenOf(base, 'student'), manager: await tokenOf(base, 'manager') }
    const figures: TextAttackFigures = {
      endpoints: new Set(cases.map((item) => item.endpointName)).size,
      cases: cases.length,
      fiveHundreds: 0,
      textCases: 0,
      textFiveHundreds: 0,
      noAnswer: 0,
      examples: [],
      seconds: 0,
    }
    let next = 0
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < cases.length) {
          const item = cases[next++]!
          const status = await send(base, item, tokens[item.role ?? 'student'])
          const text = item.name.includes(' fuzz text: ')
          if (text) figures.textCases++
          if (status === null) figures.noAnswer++
          else if (status >= 500) {
            figures.fiveHundreds++
            if (text) figures.textFiveHundreds++
            if (figures.examples.length < 5) figures.examples.push(`${status} ${item.name}`)
          }
        }
      }),
    )
    figures.seconds = (performance.now() - started) / 1000
    return figures
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printTextAttackFigures(figures: TextAttackFigures): void {
  console.log('Text attack (issue 36 item 4):')
  console.log(
    `  5xx from the fuzz cases: ${figures.fiveHundreds} of ${figures.cases} (${figures.endpoints} endpoints; ${figures.textFiveHundreds} of the ${figures.textCases} lone-surrogate, invalid UTF-8 and control-character cases), ${figures.seconds.toFixed(0)} s`,
  )
  if (figures.noAnswer > 0) console.log(`  closed without an answer (not counted as 5xx): ${figures.noAnswer}`)
  for (const example of figures.examples) console.log(`    ${example}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printTextAttackFigures(await runTextAttackBench())
}
