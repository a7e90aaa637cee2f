import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const c = await browser.newContext({ baseURL: 'http://localhost:8191', locale: 'pt-BR', serviceWorkers: 'block', storageState: '/tmp/m/ana.json' })
await c.addInitScript(() => { new MutationObserver(() => { if (!document.getElementById('root')?.hasAttribute('data-prerendered') && !(window as any).__ready) (window as any).__ready = performance.now() }).observe(document, { subtree: true, attributes: true, childList: true }) })
const p = await c.newPage()
await p.goto(process.argv[2] ?? '/dashboard')
await p.waitForTimeout(2500)
const r = await p.evaluate(() => ({ ready: (window as any).__ready, res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(r => [Math.round(r.startTime), Math.round(r.responseEnd), r.initiatorType, r.name.replace(location.origin, '')]) }))
console.log('ready', Math.round(r.ready))
for (const x of r.res) console.log(x.join(' '))
await browser.close()
