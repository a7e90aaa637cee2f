// The first tap after the first paint (issue 37): a student who sees the screen taps at once.
// On a phone-sized Chromium with the CPU slowed to a phone class (DevTools' CPU throttling,
// the multiplier from Lighthouse's benchmarkIndex) and a slow 4G line (150 ms, 1.6 Mbps), a
// cold load without the service worker: 200 ms after the first contentful paint the bench
// taps "Entrar" on /login/main (the form empty: the answer is the button shown busy, or the
// form's required-field messages) and "Financeiro" in the tab bar on /dashboard (the answer is the entry marked as
// the current one). The figure is the time from the tap (the input's own timestamp) to the
// first frame after the answer is in the page; "lost" when no answer came within 10 s.
//
// By hand: node bench/first-tap.ts http://localhost:8181 <CPU multiplier>
import { throttling } from 'lighthouse/core/config/constants.js'
import { launch, median, token } from './offline.ts'

/** The slow 4G line of Lighthouse's mobile preset, the one bench/lighthouse.ts simulates. */
const SLOW_4G = throttling.mobileSlow4G

interface TapTarget {
  path: string
  signedIn: boolean
  /** What is tapped, a CSS selector present in the pre-rendered first paint. */
  target: string
  /** A page-side condition: the tap's answer is on screen. */
  answered: string
  label: string
}

export const TAP_TARGETS: TapTarget[] = [
  {
    path: '/login/main',
    signedIn: false,
    target: 'form.login-form button[type="submit"]',
    // Busy at once, then the form's own messages once the app ran the submit.
    answered: `document.querySelector('form.login-form [aria-invalid="true"], form.login-form [type="submit"][aria-busy="true"]') !== null`,
    label: '"Entrar" on /login/main',
  },
  {
    path: '/dashboard',
    signedIn: true,
    target: '.tab-bar a[href="/financial"]',
    answered: `document.querySelector('.tab-bar a[href="/financial"][aria-current="page"]') !== null`,
    label: '"Financeiro" on /dashboard',
  },
]

export interface TapFigure {
  label: string
  /** Median over the runs; null when more than half the taps were lost. */
  answerMs: number | null
  tapAfterFcpMs: number
  lost: number
  runs: number
}

const NO_ANSWER_MS = 10_000

async function oneTap(baseUrl: string, target: TapTarget, multiplier: number, access: string) {
  const browser = await launch()
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      locale: 'pt-BR',
    })
    const page = await context.newPage()
    if (target.signedIn) await page.addInitScript((value) => localStorage.setItem('token', value), access)
    // The tap's timestamp and the first frame after its answer, taken inside the page.
    await page.addInitScript((answered) => {
      const tap = { at: null as number | null, answeredAt: null as number | null }
      Object.assign(window, { __tap: tap })
      addEventListener('pointerdown', (event) => void (tap.at ??= event.timeStamp), { capture: true })
      const isAnswered = new Function(`return ${answered}`) as () => boolean
      const check = () => {
        if (tap.at === null || tap.answeredAt !== null || !isAnswered()) return
        requestAnimationFrame(() => (tap.answeredAt ??= performance.now()))
      }
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
    }, target.answered)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.rttMs,
      downloadThroughput: (SLOW_4G.throughputKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
    })
    void page.goto(`${baseUrl}${target.path}`, { waitUntil: 'commit' }).catch(() => undefined)
    // The first contentful paint and where the target is, read in one call as soon as the
    // page can answer (a second call could wait behind the app's start); the tap 200 ms after it.
    let fcp: { fcp: number; now: number; box: { x: number; y: number } | null } | null = null
    const waitingSince = Date.now()
    // A first paint can come before the target's box is laid out (the bench once stopped on
    // it): the read repeats until both are there, so the tap is still 200 ms after that paint.
    while (!fcp?.box && Date.now() - waitingSince < 30_000) {
      fcp = await page
        .evaluate((selector) => {
          const entry = performance.getEntriesByName('first-contentful-paint')[0]
          if (!entry) return null
          const rect = document.querySelector(selector)?.getBoundingClientRect()
          return {
            fcp: entry.startTime,
            now: performance.now(),
            box: rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null,
          }
        }, target.target)
        .catch(() => null)
      if (!fcp?.box) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    if (!fcp) throw new Error(`${target.path}: no first contentful paint in 30 s`)
    const box = fcp.box
    if (!box) throw new Error(`${target.path}: ${target.target} is not on the first paint`)
    const wait = fcp.fcp + 200 - fcp.now
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    await page.touchscreen.tap(box.x, box.y)
    const started = Date.now()
    let result: { at: number | null; answeredAt: number | null } = { at: null, answeredAt: null }
    while (Date.now() - started < NO_ANSWER_MS) {
      result = await page.evaluate(() => (window as unknown as { __tap: { at: number | null; answeredAt: number | null } }).__tap)
      if (result.answeredAt !== null) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return {
      tapAfterFcpMs: result.at === null ? NaN : result.at - fcp.fcp,
      answerMs: result.at !== null && result.answeredAt !== null ? result.answeredAt - result.at : null,
    }
  } finally {
    await browser.close()
  }
}

export async function firstTapFigures(baseUrl: string, multiplier: number, runs = 5): Promise<TapFigure[]> {
  const access = await token(baseUrl)
  const figures: TapFigure[] = []
  for (const target of TAP_TARGETS) {
    const taps = []
    for (let run = 0; run < runs; run++) taps.push(await oneTap(baseUrl, target, multiplier, access))
    const answered = taps.flatMap((tap) => (tap.answerMs === null ? [] : [tap.answerMs]))
    figures.push({
      label: target.label,
      answerMs: answered.length * 2 > runs ? median([...answered, ...Array<number>(runs - answered.length).fill(Infinity)]) : null,
      tapAfterFcpMs: median(taps.map((tap) => tap.tapAfterFcpMs).filter((ms) => !Number.isNaN(ms))),
      lost: runs - answered.length,
      runs,
    })
  }
  return figures
}

export function printFirstTapFigures(figures: TapFigure[], cpuName: string, multiplier: number) {
  console.log(
    `first tap after the first paint, ${cpuName} CPU ×${multiplier.toFixed(1)}, slow 4G, phone screen (median of ${figures[0]?.runs ?? 0})`,
  )
  for (const figure of figures)
    console.log(
      `  ${figure.label.padEnd(28)} tapped ${figure.tapAfterFcpMs.toFixed(0).padStart(4)} ms after FCP   answered ${figure.answerMs === null ? 'never (lost)' : `${figure.answerMs.toFixed(0)} ms later`}   lost ${figure.lost} of ${figure.runs}   (goal ≤ 200 ms, none lost)`,
    )
}

if (import.meta.main) {
  const [baseUrl, multiplier] = process.argv.slice(2)
  if (!baseUrl || !multiplier) throw new Error('usage: node bench/first-tap.ts <base URL> <CPU multiplier>')
  printFirstTapFigures(
    await firstTapFigures(baseUrl, Number(multiplier), Number(process.env.BENCH_TAP_RUNS ?? 5)),
    'given',
    Number(multiplier),
  )
}
