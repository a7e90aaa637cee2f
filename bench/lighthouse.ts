// Lighthouse (npm package, mobile preset) on the built app served by the real server
// (TOOLCHAIN.md "Fast delivery and its measurement"), per route, two loads:
//  - cold: a fresh browser profile (no service worker, no cache), Lighthouse's simulated
//    slow 4G (150 ms RTT, 1.6 Mbps) at three CPU slowdowns (issue 37): calibrated to a
//    low-tier phone (this machine's benchmarkIndex ÷ 264, Chrome DevTools' low-tier
//    reference, a Moto G Power 2022), to a mid-tier one (÷ 1,000, a Pixel 5), and
//    Lighthouse's default 4×. The index is read from a warm-up run on the same machine,
//    so a figure means the same phone whatever machine printed it;
//  - offline reload: the same profile after a visit (service worker installed, the
//    dashboard's data on the device), the network gone (Playwright's offline mode, which
//    also holds for the worker), and the slow phone applied for real through the DevTools
//    protocol (Lighthouse's `devtools` throttling: 4× CPU matters here, the worker serves
//    every file). Its figures are observed, not simulated.
// A signed-in route gets what a login leaves in local storage first (the token and the kept
// user), through Playwright on the same Chromium, and Lighthouse keeps the storage
// (`disableStorageReset`); they are written from /healthz, a page that does not load the app.
//
// "JS" is the size of the scripts the page requested until the network went quiet, in
// brotli (what the server sends) and gzip (the budgets' unit), in total and up to the first
// contentful paint and the largest one: the JS a screen needs before it shows. For the cold load these are the requests that started
// before the observed paint, the ones Lighthouse's simulation charges to that paint.
//
// By hand: node bench/lighthouse.ts http://localhost:8181 [dist dir] (a server serving that
// build, e.g. the e2e one or `npm run serve`); bench/run.ts runs it on its own server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import lighthouse, { type Result } from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { builtFileSizes } from '../scripts/check-bundle-budget.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { median, signedIn, storeSignedIn, type SignedIn } from './offline.ts'

/** Lighthouse's mobile preset: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. */
const SLOW_PHONE = throttling.mobileSlow4G

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

export type Load = 'cold' | 'offline reload'

export interface JsFigure {
  /** Brotli bytes (what the server sends). */
  bytes: number
  gzipBytes: number
  files: number
}

/** A CPU slowdown Lighthouse applies on top of its simulated slow 4G. */
export interface CpuSetting {
  name: string
  multiplier: number
}

/** Chrome DevTools' CPU calibration: the benchmarkIndex of a low-tier and a mid-tier phone. */
export const LOW_TIER_INDEX = 264
export const MID_TIER_INDEX = 1000

/** Lighthouse's own slowdown, whatever the machine. */
const DEFAULT_CPU: CpuSetting = { name: 'default 4×', multiplier: SLOW_PHONE.cpuSlowdownMultiplier }

/** The three settings of issue 37 for a machine of `benchmarkIndex`. */
export function cpuSettings(benchmarkIndex: number): CpuSetting[] {
  return [
    { name: 'low-tier', multiplier: benchmarkIndex / LOW_TIER_INDEX },
    { name: 'mid-tier', multiplier: benchmarkIndex / MID_TIER_INDEX },
    DEFAULT_CPU,
  ]
}

export interface LighthouseFigures {
  route: string
  load: Load
  cpu: CpuSetting
  /** Where the page ended (a signed-in route that lands on the login page lost its token). */
  finalPath: string
  /** Every script requested during the load, and those requested before FCP and before LCP. */
  js: JsFigure
  jsBeforeFcp: JsFigure
  jsBeforeLcp: JsFigure
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  score: number
  /**
   * Lighthouse's measure of the machine's speed (`environment.benchmarkIndex`, higher is
   * faster): the simulated slow phone multiplies what this machine does by 4, so scores from
   * machines of different speed compare only with it beside them.
   */
  benchmarkIndex: number
}

export interface LighthouseRow extends LighthouseFigures {
  /** Median of `runs` Lighthouse runs (each figure on its own); the LCP's spread. */
  runs: number
  lcpRange: [number, number]
}

export interface LighthouseRoute {
  path: string
  signedIn: boolean
  /** Where it is served, when not by the portal's server (the floor page). */
  site?: { baseUrl: string; distDir: string; label: string }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A requested script's sizes as the build holds it. */
const compressedSize = (distDir: string, url: string) => builtFileSizes(distDir, new URL(url).pathname)

interface RequestItem {
  url: string
  resourceType?: string
  sessionTargetType?: string
  rendererStartTime?: number
}

/** The scripts the page requested, with when each started (µs, the trace's clock). */
function scriptRequests(lhr: Result): { url: string; startTs: number }[] {
  const details = lhr.audits['network-requests']?.details as { items?: RequestItem[]; debugData?: { networkStartTimeTs?: number } }
  const origin = details.debugData?.networkStartTimeTs ?? 0
  return (details.items ?? [])
    .filter((item) => item.resourceType === 'Script' && (item.sessionTargetType ?? 'page') === 'page')
    .map((item) => ({ url: item.url, startTs: origin + (item.rendererStartTime ?? 0) * 1000 }))
}

function jsFigure(distDir: string, scripts: { url: string }[]): JsFigure {
  const urls = [...new Set(scripts.map((script) => script.url))]
  return {
    bytes: urls.reduce((sum, url) => sum + compressedSize(distDir, url).brotli, 0),
    gzipBytes: urls.reduce((sum, url) => sum + compressedSize(distDir, url).gzip, 0),
    files: urls.length,
  }
}

function figuresOf(lhr: Result, route: string, load: Load, cpu: CpuSetting, distDir: string): LighthouseFigures {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
  const scripts = scriptRequests(lhr)
  const before = (ts: number | undefined) => jsFigure(distDir, ts === undefined ? [] : scripts.filter((script) => script.startTs < ts))
  return {
    route,
    load,
    cpu,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    js: jsFigure(distDir, scripts),
    jsBeforeFcp: before(metrics.observedFirstContentfulPaintTs),
    jsBeforeLcp: before(metrics.observedLargestContentfulPaintTs),
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/**
 * The visit before an offline reload: the route loads online until the service worker
 * controls it (its precache filled) and, signed in, until the dashboard's data is on the
 * device.
 */
async function visitOnline(browser: BrowserContext, url: string, signedIn: boolean) {
  const page = await browser.newPage()
  await page.goto(url)
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 })
  if (signedIn) await page.locator('.summary-figure').first().waitFor({ timeout: 30_000 })
  await page.close()
}

/** For runs of a page signed out: nothing is written. */
const SIGNED_OUT: SignedIn = { token: '', keptUser: '' }

class UnmeasuredRun extends Error {}

/** Attempts per run before the bench gives up on a route: a run Lighthouse cannot measure is rare. */
const ATTEMPTS = 3

async function measuredRun(baseUrl: string, route: LighthouseRoute, load: Load, cpu: CpuSetting, access: SignedIn, distDir: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(baseUrl, route, load, cpu, access, distDir)
    } catch (error) {
      if (!(error instanceof UnmeasuredRun) || attempt === ATTEMPTS) throw error
      console.log(`lighthouse could not measure ${error.message}; run again`)
    }
  }
}

async function lighthouseRun(baseUrl: string, route: LighthouseRoute, load: Load, cpu: CpuSetting, access: SignedIn, distDir: string) {
  const port = await freePort()
  // A persistent context is the browser's default one, whose storage Lighthouse's tab sees
  // (a `newContext()` is isolated like an incognito window).
  const profile = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    // Playwright would size Lighthouse's tab too (1280×720) and, racing Lighthouse's own phone
    // screen, resize it during the load: a layout shift that no student sees.
    viewport: null,
  })
  try {
    if (route.signedIn) {
      const page = await browser.newPage()
      await storeSignedIn(page, baseUrl, access)
      await page.close()
    }
    if (load === 'offline reload') {
      await visitOnline(browser, `${baseUrl}${route.path}`, route.signedIn)
      // Applies to every page of the context, Lighthouse's tab and the service worker too.
      await browser.setOffline(true)
    }
    const result = await lighthouse(`${baseUrl}${route.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      throttling: { ...SLOW_PHONE, cpuSlowdownMultiplier: cpu.multiplier },
      ...(load === 'offline reload' ? { throttlingMethod: 'devtools' as const } : {}),
    })
    if (!result) throw new Error(`lighthouse gave no result for ${route.path} (${load})`)
    // BENCH_LIGHTHOUSE_DUMP=<dir>: each run's report, to read its long tasks and their scripts.
    if (process.env.BENCH_LIGHTHOUSE_DUMP) dumpReport(process.env.BENCH_LIGHTHOUSE_DUMP, route, load, cpu, result.lhr)
    // A run Lighthouse could not measure (e.g. NO_LCP when its trace missed the paint) has no
    // score: it is reported and run again, never folded into a median as NaN.
    const { runtimeError } = result.lhr
    if (runtimeError || result.lhr.categories.performance?.score == null)
      throw new UnmeasuredRun(
        `${route.path} (${load}): ${runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : 'no performance score'}`,
      )
    return figuresOf(result.lhr, route.site?.label ?? route.path, load, cpu, distDir)
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

function dumpReport(dir: string, route: LighthouseRoute, load: Load, cpu: CpuSetting, lhr: Result) {
  mkdirSync(dir, { recursive: true })
  const name = `${route.site ? 'floor' : route.path.replace(/\W+/g, '_')}-${load.replace(/\W+/g, '_')}-${cpu.name.replace(/\W+/g, '_')}-${Date.now()}.json`
  writeFileSync(join(dir, name), JSON.stringify(lhr))
}

function medianRow(runs: LighthouseFigures[]): LighthouseRow {
  const mid = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick))
  const js = (pick: (figures: LighthouseFigures) => JsFigure) => ({
    bytes: mid((f) => pick(f).bytes),
    gzipBytes: mid((f) => pick(f).gzipBytes),
    files: mid((f) => pick(f).files),
  })
  const lcps = runs.map((figures) => figures.lcpMs)
  return {
    ...runs[0]!,
    finalPath: runs.find((figures) => figures.finalPath !== figures.route)?.finalPath ?? runs[0]!.finalPath,
    js: js((f) => f.js),
    jsBeforeFcp: js((f) => f.jsBeforeFcp),
    jsBeforeLcp: js((f) => f.jsBeforeLcp),
    fcpMs: mid((f) => f.fcpMs),
    lcpMs: mid((f) => f.lcpMs),
    cls: mid((f) => f.cls),
    tbtMs: mid((f) => f.tbtMs),
    score: mid((f) => f.score),
    benchmarkIndex: mid((f) => f.benchmarkIndex),
    runs: runs.length,
    lcpRange: [Math.min(...lcps), Math.max(...lcps)],
  }
}

/**
 * Lighthouse's benchmarkIndex of this machine, from a warm-up run of the default settings on
 * `url` (a page that loads nothing of the app), the median of three reads: the CPU
 * multipliers are worked out from it before any figure is taken.
 */
export async function benchmarkIndex(url: string): Promise<number> {
  const reads: number[] = []
  for (let run = 0; run < 3; run++) {
    const figures = await measuredRun(url, { path: '', signedIn: false }, 'cold', DEFAULT_CPU, SIGNED_OUT, 'dist')
    reads.push(figures.benchmarkIndex)
  }
  return median(reads)
}

/**
 * Cold loads of every route at every CPU setting, then the offline reload of the routes that
 * ask for it (at the default 4×, the setting its goal was written for).
 */
export async function lighthouseRoutes(
  baseUrl: string,
  routes: LighthouseRoute[],
  cpus: CpuSetting[],
  runs = RUNS,
  distDir = 'dist',
  offlineRoutes: string[] = ['/dashboard'],
): Promise<LighthouseRow[]> {
  const access = await signedIn(baseUrl)
  const rows: LighthouseRow[] = []
  const measure = async (route: LighthouseRoute, load: Load, cpu: CpuSetting) => {
    const figures: LighthouseFigures[] = []
    for (let run = 0; run < runs; run++)
      figures.push(await measuredRun(route.site?.baseUrl ?? baseUrl, route, load, cpu, access, route.site?.distDir ?? distDir))
    rows.push(medianRow(figures))
  }
  for (const cpu of cpus) for (const route of routes) await measure(route, 'cold', cpu)
  for (const route of routes.filter(({ path, site }) => !site && offlineRoutes.includes(path)))
    await measure(route, 'offline reload', DEFAULT_CPU)
  return rows
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const js = ({ bytes, gzipBytes, files }: JsFigure) =>
  `${kb(bytes).padStart(8)} br ${kb(gzipBytes).padStart(8)} gz (${String(files).padStart(2)})`

export function printLighthouseRows(rows: LighthouseRow[], machineIndex: number): void {
  console.log(`machine: Lighthouse benchmarkIndex ${machineIndex.toFixed(0)} (higher is faster)`)
  for (const cpu of cpuSettings(machineIndex))
    console.log(
      `  ${cpu.name.padEnd(11)} CPU ×${cpu.multiplier.toFixed(1)}${cpu.name === 'default 4×' ? '' : ` (${machineIndex.toFixed(0)} ÷ ${cpu.name === 'low-tier' ? LOW_TIER_INDEX : MID_TIER_INDEX})`}`,
    )
  console.log(
    'JS: the scripts requested until the network went quiet, brotli and gzip (files); before FCP: those requested before the first contentful paint',
  )
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(24)} ${row.load.padEnd(14)} ${row.cpu.name.padEnd(10)}  performance ${String(row.score).padStart(3)}   TBT ${row.tbtMs.toFixed(0).padStart(5)} ms` +
        `   LCP ${row.lcpMs.toFixed(0).padStart(5)} ms [${row.lcpRange.map((ms) => ms.toFixed(0)).join('–')}]   FCP ${row.fcpMs.toFixed(0).padStart(5)} ms   CLS ${row.cls.toFixed(3)}` +
        `   JS ${js(row.js)}   before FCP ${js(row.jsBeforeFcp)}   machine ${row.benchmarkIndex.toFixed(0)}` +
        (row.finalPath === row.route || row.route.includes('floor') ? '' : `   (ended on ${row.finalPath})`),
    )
  }
  const runs = rows[0]?.runs ?? 0
  console.log(
    `median of ${runs} runs each. Goals (issue 37): low-tier TBT ≤ 300 ms on each route; low-tier performance ≥ 95 on /login/main, ≥ 90 on the others;` +
      ' default 4× performance ≥ 98; low-tier LCP ≤ 2.5 s; CLS ≤ 0.02; JS until quiet (gzip) /login/main ≤ 120 kB, /dashboard ≤ 170 kB, others ≤ 200 kB,' +
      ' ≤ 20 files; /dashboard offline reload LCP ≤ 300 ms.',
  )
}

/** The five routes issue 37 measures; the floor page is added beside them by bench/run.ts. */
export const LIGHTHOUSE_ROUTES: LighthouseRoute[] = [
  { path: '/login/main', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/financial', signedIn: true },
  { path: '/pedagogico/list', signedIn: true },
  { path: '/knn-club/usar-pontos', signedIn: true },
]

/** Lighthouse on the five routes and on the floor page, at the three CPU settings. */
export async function lighthouseWithFloor(baseUrl: string, runs = RUNS, routes = LIGHTHOUSE_ROUTES) {
  const { startFloor } = await import('./floor/floor.ts')
  const floor = await startFloor()
  try {
    const machineIndex = await benchmarkIndex(`${floor.url}/`)
    const floorRoute: LighthouseRoute = {
      path: '/',
      signedIn: false,
      site: { baseUrl: floor.url, distDir: floor.distDir, label: 'floor (bare React page)' },
    }
    const rows = await lighthouseRoutes(baseUrl, [floorRoute, ...routes], cpuSettings(machineIndex), runs)
    return { machineIndex, rows }
  } finally {
    await floor.close()
  }
}

if (import.meta.main) {
  const baseUrl = process.argv[2]
  if (!baseUrl) throw new Error('usage: node bench/lighthouse.ts <base URL of a server serving the build> [route …]')
  const only = process.argv.slice(3)
  const routes = only.length > 0 ? LIGHTHOUSE_ROUTES.filter((route) => only.includes(route.path)) : LIGHTHOUSE_ROUTES
  const { machineIndex, rows } = await lighthouseWithFloor(baseUrl, RUNS, routes)
  printLighthouseRows(rows, machineIndex)
}
