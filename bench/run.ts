// npm run bench: figures, never pass/fail.
//  1. Gzip size of the JS and CSS a browser downloads to show /login/main and /dashboard
//     (production build, measured in Chromium: what the screens really fetch).
//  2. Requests per second on GET /users/me/ next to two references served by the same
//     process in the same run (empty route, one indexed SELECT), on PGlite and, when
//     DATABASE_URL is set, on PostgreSQL, with the ratio /users/me/ ÷ SELECT.
//  3. Offline first, the server's peak memory at first start and restart, Lighthouse on five
//     routes and a bare React page at three phone classes (issue 37), the first tap after the first paint, the dashboard on lie-fi, the attacks of bench/attack.ts and the contract suite.
//  4. The outbox (bench/outbox.ts): 20 queued 1 MB uploads from `online` to stored ÷ the same
//     sent with plain fetch; the page's memory with 100 MB queued.
//  5. Push sending (bench/push.ts): a send to 10,000 subscriptions through the server's
//     sender ÷ a bare loop of web-push calls to the same push-service stand-in.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startBenchServer, stopBenchServer } from './api-server-process.ts'
import { chromium, type Page } from '@playwright/test'
import { compressedSizes, measureRoutes, ROUTE_BUDGETS } from '../scripts/check-bundle-budget.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { contractSuiteSize } from '../server/test/contract-cases.ts'
import { uploadTestContract } from '../server/test/upload-endpoint.ts'
import { contract } from '../src/contract/contract.ts'
import { printAccountsAttackFigures, runAccountsAttackBench } from './attack-accounts.ts'
import { printFilesAttackFigures, runFilesAttackBench } from './attack-files.ts'
import { printSessionsAttackFigures, runSessionsAttackBench } from './attack-sessions.ts'
import { printTextAttackFigures, runTextAttackBench } from './attack-text.ts'
import { printAttackFigures, runAttackBench } from './attack.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} kB`
}

async function bundleSizes(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const measure = async (path: string, before?: (page: Page) => Promise<void>) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    if (before) await before(page)
    const sizes = { js: 0, css: 0, jsBrotli: 0 }
    page.on('response', async (response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      const { gzip, brotli } = compressedSizes(await response.body().catch(() => Buffer.alloc(0)))
      sizes[type === 'script' ? 'js' : 'css'] += gzip
      if (type === 'script') sizes.jsBrotli += brotli
    })
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    await context.close()
    return sizes
  }
  const login = await measure('/login/main')
  const dashboard = await measure('/dashboard', async (page) => {
    // A logged-in visit: the token is in place before the first load.
    const response = await fetch(`${baseUrl}/api/v1/login/access-token/`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'aluno@example.com', password: 'demo1234' }),
    })
    const { access_token } = (await response.json()) as { access_token: string }
    await page.addInitScript((token) => localStorage.setItem('token', token), access_token)
  })
  await browser.close()
  return { login, dashboard }
}

async function rps(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.average
}

async function apiThroughput(env: Record<string, string | undefined>) {
  const { child, url, engine } = await startBenchServer(env)
  try {
    const login = await fetch(`${url}/api/v1/login/access-token/`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'aluno@example.com', password: 'demo1234' }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const empty = await rps(`${url}/__bench/empty`)
    const select = await rps(`${url}/__bench/select`)
    const me = await rps(`${url}/api/v1/users/me/`, { Authorization: `Bearer ${access_token}` })
    return { engine, empty, select, me }
  } finally {
    await stopBenchServer(child)
  }
}

if (!existsSync('dist/index.html')) {
  console.log('building the app (dist/ missing)…')
  spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
}

console.log('\n== Bundle: gzip size of what the browser downloads (production build); JS in brotli, as the server sends it, beside ==')
{
  const { child, url } = await startBenchServer({ DATABASE_URL: undefined })
  try {
    const sizes = await bundleSizes(url)
    for (const [route, size] of [
      ['/login/main', sizes.login],
      ['/dashboard', sizes.dashboard],
    ] as const) {
      console.log(
        `${route.padEnd(13)} JS ${kb(size.js)} (brotli ${kb(size.jsBrotli)})   CSS ${kb(size.css)}   total ${kb(size.js + size.css)}`,
      )
    }
  } finally {
    await stopBenchServer(child)
  }
  // Issue 7's figure, "JS to show" a route: what its first screen needs (the budget script's
  // count from the build's manifest), in the encoding the server sends and in gzip.
  const goals = ROUTE_BUDGETS.filter((budget) => budget.goalKib !== undefined)
  for (const route of measureRoutes('dist', goals)) {
    console.log(
      `JS to show ${route.url.padEnd(12)} ${(route.brotliBytes / 1024).toFixed(1)} KiB brotli (${(route.gzipBytes / 1024).toFixed(1)} gzip) in ${route.files.length} files   (goal ≤ ${route.goalKib} KiB as delivered)`,
    )
  }
}

console.log(`\n== API throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route) ==`)
const runs = [await apiThroughput({ DATABASE_URL: undefined })]
if (process.env.DATABASE_URL) runs.push(await apiThroughput({ DATABASE_URL: process.env.DATABASE_URL }))
for (const run of runs) {
  console.log(`[${run.engine}]`)
  console.log(`  empty route          ${run.empty.toFixed(0).padStart(7)} req/s`)
  console.log(
    `  one indexed SELECT   ${run.select.toFixed(0).padStart(7)} req/s   (${((run.select / run.empty) * 100).toFixed(0)}% of empty)`,
  )
  console.log(`  GET /users/me/       ${run.me.toFixed(0).padStart(7)} req/s   (${((run.me / run.empty) * 100).toFixed(0)}% of empty)`)
  console.log(`  /users/me/ ÷ SELECT  ${(run.me / run.select).toFixed(2).padStart(7)}         (goal ≥ 0.8)`)
}

console.log('\n== Offline first ==')
{
  const { formatPwaSizes, pwaSizes } = await import('./pwa-size.ts')
  console.log(formatPwaSizes(pwaSizes()))
  const { dashboardTimes, dexieReadTimes } = await import('./offline.ts')
  const { child, url } = await startBenchServer({ DATABASE_URL: undefined })
  try {
    const times = await dashboardTimes(url)
    console.log('/dashboard with data (median of 5, ms from navigation start; LCP in brackets)')
    console.log(`  cold online    ${times.cold.toFixed(0).padStart(6)} ms   [LCP ${times.lcp.cold.toFixed(0)} ms]`)
    console.log(`  warm online    ${times.warm.toFixed(0).padStart(6)} ms   [LCP ${times.lcp.warm.toFixed(0)} ms]`)
    console.log(`  offline reload ${times.offline.toFixed(0).padStart(6)} ms   [LCP ${times.lcp.offline.toFixed(0)} ms]`)
    console.log(
      `  offline reload, slow phone CPU (4x): LCP ${times.offlineSlowPhone.lcp.toFixed(0)} ms (goal ≤ 300 ms), CLS ${times.offlineSlowPhone.cls.toFixed(3)} (goal ≤ 0.02)`,
    )
    const dexie = await dexieReadTimes(url)
    console.log('Dexie read (Chromium IndexedDB, median of 30)')
    console.log(`  10 classes + 400 grades   ${dexie.turmasComNotas.toFixed(2)} ms`)
    console.log(`  60 instalments by due date ${dexie.parcelas.toFixed(2)} ms`)
  } finally {
    await stopBenchServer(child)
  }
}

console.log('\n== Outbox (issue 10, D16): queued uploads after the connection returns ==')
{
  const { formatOutboxFigures, outboxFigures } = await import('./outbox.ts')
  const { child, url } = await startBenchServer({ DATABASE_URL: undefined })
  try {
    console.log(formatOutboxFigures(await outboxFigures(url)))
  } finally {
    await stopBenchServer(child)
  }
}

console.log('\n== Push sending (issue 11): one send to 10,000 subscriptions ÷ a bare web-push loop ==')
{
  const { printPushFigures, runPushBench } = await import('./push.ts')
  printPushFigures(await runPushBench())
}

console.log('\n== Server memory (node server/main.ts as npm run serve starts it, fresh DATA_DIR, PGlite) ==')
{
  const { serverPeakMemory } = await import('./memory.ts')
  const { first, restart } = await serverPeakMemory()
  const mb = (value: number | null) => (value === null ? 'n/a (no /proc)' : `${value.toFixed(0)} MB`)
  console.log(`first start   peak RSS ${mb(first.peakMb).padStart(8)}   healthy after ${first.seconds.toFixed(1)} s   (goal < 512 MB)`)
  console.log(`restart       peak RSS ${mb(restart.peakMb).padStart(8)}   healthy after ${restart.seconds.toFixed(1)} s   (goal < 300 MB)`)
}

console.log(
  '\n== Lighthouse (slow 4G: 150 ms RTT, 1.6 Mbps; CPU at three phone classes), built app on the real server, beside a bare React page ==',
)
{
  const { lighthouseWithFloor, printLighthouseRows, cpuSettings } = await import('./lighthouse.ts')
  const { firstTapFigures, printFirstTapFigures } = await import('./first-tap.ts')
  const { lieFiDashboardMs } = await import('./lie-fi.ts')
  const { child, url } = await startBenchServer({ DATABASE_URL: undefined })
  try {
    const { machineIndex, rows } = await lighthouseWithFloor(url)
    printLighthouseRows(rows, machineIndex)
    const lowTier = cpuSettings(machineIndex)[0]!
    printFirstTapFigures(await firstTapFigures(url, lowTier.multiplier), lowTier.name, lowTier.multiplier)
    // Which tasks the low-tier TBT above is made of, and what ran in them (bench/long-tasks.ts).
    const { longTaskFigures, printLongTasks } = await import('./long-tasks.ts')
    console.log(`\nTasks after the first paint that ×${lowTier.multiplier.toFixed(1)} makes long (one load at full speed each):`)
    for (const route of ['/login/main', '/dashboard'])
      printLongTasks(route, lowTier.multiplier, await longTaskFigures(url, route, lowTier.multiplier))
    const lieFi = await lieFiDashboardMs(url)
    console.log(
      `\n/dashboard with the API hanging (lie-fi): cached data shown ${lieFi === null ? 'never (30 s)' : `after ${lieFi.toFixed(0)} ms`}   (goal ≤ 1000 ms)`,
    )
  } finally {
    await stopBenchServer(child)
  }
}

// Issue 8 figures: login guessing and slowloris against the real server (bench/attack.ts),
// and the size of the suite generated from the contract with how many of its cases failed
// (a failure there is a 5xx, an English or missing detail, or a leak).
console.log('\n== Attacks (bench/attack.ts) ==')
printAttackFigures(await runAttackBench())
// Issue 36: the holes an attacker found, each against its own real server.
printAccountsAttackFigures(await runAccountsAttackBench())
printSessionsAttackFigures(await runSessionsAttackBench())
printTextAttackFigures(await runTextAttackBench())
printFilesAttackFigures(await runFilesAttackBench())
{
  const size = contractSuiteSize(contract)
  const report = path.join(tmpdir(), `contract-suite-${process.pid}.json`)
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server-pglite', 'server/contract-safety.test.ts', '--reporter=json', `--outputFile=${report}`],
    {
      stdio: 'ignore',
    },
  )
  const result = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number }
  console.log('\n== Contract safety suite (server/contract-safety.test.ts) ==')
  console.log(`endpoints covered ${size.endpoints}, cases ${size.cases} (${JSON.stringify(size.byKind)})`)
  // Until the contract has a multipart endpoint, the same generator runs on a test-declared one.
  console.log(`multipart mechanism (server/test/upload-endpoint.ts): cases ${contractSuiteSize(uploadTestContract).cases}`)
  console.log(`passed ${result.numPassedTests}, failed ${result.numFailedTests}   (goal: 0 failed, 0 5xx)`)
}
