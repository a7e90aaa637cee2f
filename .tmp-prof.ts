import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
const base = 'http://localhost:8191'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const path = process.argv[2] ?? '/dashboard'
for (let i = 0; i < 3; i++) {
const c = await browser.newContext({ baseURL: base, locale: 'pt-BR', serviceWorkers: 'block', storageState: '/tmp/m/ana.json' })
await c.addInitScript(() => { (window as any).__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true }) })
const p = await c.newPage()
const t = performance.now()
await p.goto(path)
await p.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' })
const tApp = performance.now() - t
await p.getByRole('heading', { level: 1 }).waitFor()
await p.waitForTimeout(1500)
const r = await p.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[]; return { dcl: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd), lt: (window as any).__lt, nres: res.length, js: res.filter(r => r.name.endsWith('.js')).length, lastRes: Math.round(Math.max(...res.map(r => r.responseEnd))) } })
console.log(path, 'app-ready(ms)', Math.round(tApp), JSON.stringify(r))
await c.close()
}
await browser.close()
