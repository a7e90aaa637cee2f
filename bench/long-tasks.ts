// The tasks Lighthouse's simulation charges to TBT (issue 37), and what ran in each.
//
// Lighthouse's simulated throttling multiplies each task it observed at the machine's own
// speed by the CPU slowdown and counts what passes 50 ms. So a task of 5 ms here costs 2 ms at
// low-tier (×10) and one of 15 ms costs 100: which tasks cross that line, and what ran inside
// them, says where a low-tier phone's TBT comes from. This part loads a route cold at full
// speed (phone-sized, the worker blocked, a signed-in route from what a login leaves in local
// storage, as bench/lighthouse.ts does), records a trace with CPU samples, and prints each
// task after the first contentful paint that the multiplier makes long: its length, its charge,
// and the app's modules and libraries that ran in it (through the build's source maps).
// The charge is a prediction that follows Lighthouse's rule; Lighthouse's own TBT, beside it in
// the bench, also simulates the network, so the two differ by how the tasks fall.
//
// By hand: node bench/long-tasks.ts http://localhost:8181 /dashboard [multiplier, default 10] [dist dir]
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import { launch, signedIn, storeSignedIn } from './offline.ts'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] } }
}

interface CallFrame {
  functionName: string
  url?: string
  lineNumber?: number
  columnNumber?: number
}

interface CpuProfileChunk {
  nodes?: { id: number; parent?: number; callFrame: CallFrame }[]
  samples?: number[]
}

export interface ChargedTask {
  /** ms from navigation start. */
  startMs: number
  durationMs: number
  /** What Lighthouse's simulation would count at the multiplier: duration × multiplier − 50. */
  chargedMs: number
  /** The app's modules and the libraries that ran in it, by time, in ms at full speed. */
  ran: { where: string; ms: number }[]
  /** The browser's own work in it (style, layout, parsing, compiling, garbage collection), by kind. */
  browser: { kind: string; ms: number }[]
}

/** Trace events of the browser's own work, named as DevTools names them. */
const BROWSER_WORK: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'HTML parse',
  ParseAuthorStyleSheet: 'CSS parse',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  MinorGC: 'GC',
  MajorGC: 'GC',
  ResourceSendRequest: 'request start',
}

const MAIN_THREAD = 'CrRendererMain'

async function traceColdLoad(baseUrl: string, route: string): Promise<TraceEvent[]> {
  const browser = await launch()
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    if (!route.startsWith('/login') && !route.startsWith('/indicacao')) await storeSignedIn(page, baseUrl, await signedIn(baseUrl))
    const cdp = await context.newCDPSession(page)
    const events: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
    await cdp.send('Tracing.start', {
      categories:
        'disabled-by-default-v8.cpu_profiler,disabled-by-default-v8.compile,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    })
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' })
    // Work after the network went quiet (the worker's registration, texts) still counts.
    await page.waitForTimeout(2000)
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await complete
    return events
  } finally {
    await browser.close()
  }
}

/** Names a frame as a module of the app (`src/…`) or a package (`dexie`), from the build's source maps. */
function frameNamer(distDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>()
  return (frame) => {
    if (!frame.url) return frame.functionName || '(native)'
    const { pathname } = new URL(frame.url, 'http://x')
    let consumer = maps.get(pathname)
    if (consumer === undefined) {
      const file = path.join(distDir, `${pathname}.map`)
      consumer =
        pathname.startsWith('/assets/') && existsSync(file)
          ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap)
          : null
      maps.set(pathname, consumer)
    }
    if (!consumer) return path.basename(pathname) || pathname
    const { source } = consumer.originalPositionFor({ line: (frame.lineNumber ?? 0) + 1, column: frame.columnNumber ?? 0 })
    if (!source) return path.basename(pathname)
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
    return pkg ? pkg[1]! : source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '')
  }
}

/** A trace without the events the figures start from. */
class IncompleteTrace extends Error {}

export interface LongTaskFigures {
  fcpMs: number
  tasks: ChargedTask[]
  /**
   * The main thread's compiling after the first paint, ms at full speed: functions compiled
   * lazily at their first call, and the step that publishes what was compiled in the
   * background (the files with the compile hint, scripts/compile-hints.ts).
   */
  lazyCompileMs: number
  publishMs: number
}

/** The tasks after the first contentful paint that `multiplier` makes longer than 50 ms. */
export function chargedTasks(events: TraceEvent[], multiplier: number, distDir = 'dist'): LongTaskFigures {
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === MAIN_THREAD)
  // The page's renderer: the main thread with the most tasks.
  const counts = new Map<string, number>()
  for (const event of events)
    if (event.name === 'RunTask') counts.set(`${event.pid}:${event.tid}`, (counts.get(`${event.pid}:${event.tid}`) ?? 0) + 1)
  const main = threads.map((t) => `${t.pid}:${t.tid}`).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]
  const [pid, tid] = (main ?? '0:0').split(':').map(Number)
  const navigation = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)
  if (!navigation || !fcp) throw new IncompleteTrace('the trace has no navigation or first contentful paint')

  // CPU samples: `Profile` opens the profile, its `ProfileChunk`s carry nodes and samples.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid)
  const parentOf = new Map<number, number>()
  const frameOf = new Map<number, CallFrame>()
  const samples: { node: number; ts: number }[] = []
  let ts = Number(profile?.args?.data?.startTime ?? 0)
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id)) {
    const cpu = chunk.args?.data?.cpuProfile ?? {}
    for (const node of cpu.nodes ?? []) {
      frameOf.set(node.id, node.callFrame)
      if (node.parent !== undefined) parentOf.set(node.id, node.parent)
    }
    const deltas = chunk.args?.data?.timeDeltas ?? []
    ;(cpu.samples ?? []).forEach((node, index) => {
      ts += deltas[index] ?? 0
      samples.push({ node, ts })
    })
  }

  const name = frameNamer(distDir)
  const nameOfNode = new Map<number, string>()
  const named = (node: number) => {
    let value = nameOfNode.get(node)
    if (value === undefined) nameOfNode.set(node, (value = name(frameOf.get(node) ?? { functionName: '?' })))
    return value
  }
  const tasks: ChargedTask[] = []
  const byThread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X')
  for (const task of events) {
    if (task.name !== 'RunTask' || task.pid !== pid || task.tid !== tid || task.ts < fcp.ts || !task.dur) continue
    const durationMs = task.dur / 1000
    if (durationMs * multiplier <= 50) continue
    const end = task.ts + task.dur
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end)
    const time = new Map<string, number>()
    inside.forEach((sample, index) => {
      const ms = ((inside[index + 1]?.ts ?? end) - sample.ts) / 1000
      // Each sample counts once for the innermost app module on its stack, else its own frame.
      let node: number | undefined = sample.node
      let where = named(sample.node)
      while (node !== undefined) {
        if (named(node).startsWith('src/')) {
          where = named(node)
          break
        }
        node = parentOf.get(node)
      }
      if (where === '(idle)') return
      time.set(where, (time.get(where) ?? 0) + ms)
    })
    const browser = new Map<string, number>()
    for (const event of byThread) {
      if (event.ts < task.ts || event.ts >= end || !event.dur) continue
      const kind = BROWSER_WORK[event.name]
      if (kind) browser.set(kind, (browser.get(kind) ?? 0) + event.dur / 1000)
    }
    tasks.push({
      browser: [...browser].map(([kind, ms]) => ({ kind, ms })).sort((a, b) => b.ms - a.ms),
      startMs: (task.ts - navigation.ts) / 1000,
      durationMs,
      chargedMs: durationMs * multiplier - 50,
      ran: [...time].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms),
    })
  }
  // Lazy compiles nest (a function compiled while another compiles): only the outermost count.
  const compiles = byThread.filter((event) => event.name === 'V8.CompileCode' && event.ts > fcp.ts)
  let lazyCompileMs = 0
  let coveredUntil = 0
  for (const event of compiles.sort((a, b) => a.ts - b.ts)) {
    if (event.ts < coveredUntil) continue
    lazyCompileMs += (event.dur ?? 0) / 1000
    coveredUntil = event.ts + (event.dur ?? 0)
  }
  const publishMs = byThread
    .filter((event) => event.name === 'V8.OffThreadFinalization.Publish' && event.ts > fcp.ts)
    .reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0)
  return { fcpMs: (fcp.ts - navigation.ts) / 1000, tasks: tasks.sort((a, b) => a.startMs - b.startMs), lazyCompileMs, publishMs }
}

export async function longTaskFigures(baseUrl: string, route: string, multiplier: number, distDir = 'dist') {
  // Now and then Chrome's trace misses the navigation or the first paint (a page that painted
  // before tracing caught up): such a load is traced again rather than stopping the bench.
  for (let attempt = 1; ; attempt++) {
    try {
      return chargedTasks(await traceColdLoad(baseUrl, route), multiplier, distDir)
    } catch (error) {
      if (attempt === 3 || !(error instanceof IncompleteTrace)) throw error
    }
  }
}

export function printLongTasks(route: string, multiplier: number, { fcpMs, tasks, lazyCompileMs, publishMs }: LongTaskFigures): void {
  const total = tasks.reduce((sum, task) => sum + task.chargedMs, 0)
  console.log(
    `${route}: ${tasks.length} tasks after the first paint (${fcpMs.toFixed(0)} ms) pass 50 ms at ×${multiplier.toFixed(1)}; predicted TBT ${total.toFixed(0)} ms (goal ≤ 300);` +
      ` main-thread compiling after the first paint: lazy ${lazyCompileMs.toFixed(1)} ms, publishing the background's ${publishMs.toFixed(1)} ms`,
  )
  for (const task of tasks)
    console.log(
      `  at ${task.startMs.toFixed(0).padStart(5)} ms  ${task.durationMs.toFixed(1).padStart(5)} ms → ${task.chargedMs.toFixed(0).padStart(4)} ms   ` +
        task.ran
          .slice(0, 4)
          .map(({ where, ms }) => `${where} ${ms.toFixed(1)}`)
          .join(' · ') +
        (task.browser.length ? `   [browser: ${task.browser.map(({ kind, ms }) => `${kind} ${ms.toFixed(1)}`).join(', ')}]` : ''),
    )
  // The same charge summed by what ran, each task's charge shared by its time.
  const byWhere = new Map<string, number>()
  for (const task of tasks) {
    const ran = task.ran.reduce((sum, { ms }) => sum + ms, 0) || 1
    for (const { where, ms } of task.ran) byWhere.set(where, (byWhere.get(where) ?? 0) + (task.chargedMs * ms) / ran)
  }
  console.log(
    '  by what ran: ' +
      [...byWhere]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([where, ms]) => `${where} ${ms.toFixed(0)}`)
        .join(' · '),
  )
}

if (import.meta.main) {
  const [baseUrl, route = '/dashboard', multiplier = '10', distDir = 'dist'] = process.argv.slice(2)
  if (!baseUrl) throw new Error('usage: node bench/long-tasks.ts <base URL> [route] [multiplier] [dist dir]')
  printLongTasks(route, Number(multiplier), await longTaskFigures(baseUrl, route, Number(multiplier), distDir))
}
