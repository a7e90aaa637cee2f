// Offline-first figures (issue "Offline first"), printed by bench/run.ts:
//  - time to show /dashboard with data: cold online, warm online, offline reload (median);
//  - the offline reload again on a slow phone's CPU (4× slowdown through the DevTools
//    protocol, as Lighthouse's mobile preset; offline, the network profile plays no part):
//    LCP and layout shift, with the browser knowing it is offline (issue 7);
//  - Dexie read time for 10 classes × 40 grades and 60 instalments (real IndexedDB).
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { viteBuild } from './vite-build.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts'
import { STORAGE_KEYS, type KeptUser } from '../src/lib/local-store.ts'
import type { CurrentUser } from '../src/contract/schemas/user.ts'

/** Lighthouse's mobile preset slows the CPU 4× (bench/lighthouse.ts). */
const SLOW_PHONE_CPU = 4

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export async function token(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/login/access-token/`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'aluno@example.com', password: 'demo1234' }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}

/**
 * What a login leaves on a student's phone: the token and the user the server answered
 * (kept for the next start). A signed-in cold run starts from both, as the student's
 * next visit does; the app's code and the device database are not there (a fresh profile).
 */
export interface SignedIn {
  token: string
  keptUser: string
}

export async function signedIn(baseUrl: string): Promise<SignedIn> {
  const access = await token(baseUrl)
  const response = await fetch(`${baseUrl}/api/v1/users/me/`, { headers: { Authorization: `Bearer ${access}` } })
  const user = (await response.json()) as CurrentUser
  return { token: access, keptUser: JSON.stringify({ user, updatedAt: Date.now() } satisfies KeptUser) }
}

/** Writes `session` in the page's local storage, from /healthz (a page that does not load the app). */
export async function storeSignedIn(page: Page, baseUrl: string, session: SignedIn): Promise<void> {
  await page.goto(`${baseUrl}/healthz`)
  await page.evaluate(
    ({ keys, token, keptUser }) => {
      localStorage.setItem(keys.token, token)
      localStorage.setItem(keys.keptUser, keptUser)
    },
    { keys: STORAGE_KEYS, ...session },
  )
}

/** Milliseconds from navigation start until the dashboard shows the student's data, LCP, and the layout shift so far. */
async function timeDashboard(page: Page, load: () => Promise<unknown>): Promise<{ dataMs: number; lcpMs: number; cls: number }> {
  await load()
  // The "next instalment" card shows an amount only once data is on screen.
  await page.locator('.summary-figure').first().waitFor({ timeout: 30_000 })
  return page.evaluate(
    () =>
      new Promise<{ dataMs: number; lcpMs: number; cls: number }>((resolve) => {
        const dataMs = performance.now()
        let lcpMs = 0
        let cls = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcpMs = Math.max(lcpMs, entry.startTime)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) cls += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
        // Two frames: the data's own shifts are reported after its layout.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve({ dataMs, lcpMs, cls }), 50)))
      }),
  )
}

async function waitForServiceWorker(page: Page) {
  // The worker takes control only after its precache is filled.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 })
}

export async function dashboardTimes(baseUrl: string, runs = 5) {
  const browser = await launch()
  const access = await token(baseUrl)
  const cold: number[] = []
  const warm: number[] = []
  const offline: number[] = []
  const lcp = { cold: [] as number[], warm: [] as number[], offline: [] as number[] }
  const slowPhone = { lcp: [] as number[], cls: [] as number[] }
  try {
    for (let run = 0; run < runs; run++) {
      const context: BrowserContext = await browser.newContext()
      await context.addInitScript((t) => {
        if (!localStorage.getItem('token')) localStorage.setItem('token', t)
      }, access)
      const page = await context.newPage()
      const c = await timeDashboard(page, () => page.goto(`${baseUrl}/dashboard`))
      cold.push(c.dataMs)
      lcp.cold.push(c.lcpMs)
      await waitForServiceWorker(page)
      const w = await timeDashboard(page, () => page.reload())
      warm.push(w.dataMs)
      lcp.warm.push(w.lcpMs)
      await context.setOffline(true)
      const o = await timeDashboard(page, () => page.reload())
      offline.push(o.dataMs)
      lcp.offline.push(o.lcpMs)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE_CPU })
      const slow = await timeDashboard(page, () => page.reload())
      slowPhone.lcp.push(slow.lcpMs)
      slowPhone.cls.push(slow.cls)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return {
    cold: median(cold),
    warm: median(warm),
    offline: median(offline),
    lcp: { cold: median(lcp.cold), warm: median(lcp.warm), offline: median(lcp.offline) },
    offlineSlowPhone: { lcp: median(slowPhone.lcp), cls: median(slowPhone.cls) },
  }
}

export async function dexieReadTimes(baseUrl: string) {
  const output = await viteBuild({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL('./dexie-read-entry.ts', import.meta.url)), formats: ['iife'], name: 'DexieReadBench' },
    },
  })
  const chunk = (Array.isArray(output) ? output[0]! : output) as { output: Array<{ type: string; code?: string }> }
  const code = chunk.output.find((item) => item.type === 'chunk')!.code!
  const browser = await launch()
  try {
    // The bench script is injected inline, which the app's CSP rightly forbids.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage()
    await page.goto(`${baseUrl}/healthz`)
    await page.addScriptTag({ content: code })
    const result = await page.evaluate(() =>
      (
        globalThis as unknown as { DexieReadBench: { run: () => Promise<{ classesWithGradesMs: number[]; instalmentsMs: number[] }> } }
      ).DexieReadBench.run(),
    )
    return { turmasComNotas: median(result.classesWithGradesMs), parcelas: median(result.instalmentsMs) }
  } finally {
    await browser.close()
  }
}
