import { chromium } from '@playwright/test'
import { readFileSync, readdirSync } from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
const base = 'http://localhost:8191'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const spid = Number(process.argv[3])
function cpuOf(pred: (cmd: string) => boolean) {
  const out: Record<string, number> = {}
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!pred(cmd) && Number(pid) !== spid) continue
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      const type = Number(pid) === spid ? 'server' : (/--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser') + (cmd.includes('--utility-sub-type=network') ? '-net' : '')
      out[type] = (out[type] ?? 0) + (Number(f[11]) + Number(f[12])) * 10
    } catch {}
  }
  return out
}
const isChrome = (c: string) => c.startsWith('/usr/lib/chromium/chromium')
const mode = process.argv[2]
// warm up
for (let i = 0; i < 2; i++) { const c = await browser.newContext({ baseURL: base, serviceWorkers: 'block' }); const p = await c.newPage(); await p.goto('/healthz'); await c.close() }
const before = cpuOf(isChrome)
const N = Number(process.env.N ?? 10)
const t = performance.now()
const shared = await browser.newContext({ baseURL: base, locale: 'pt-BR', serviceWorkers: 'block' })
for (let i = 0; i < N; i++) {
  if (mode.startsWith('reuse')) { const p = await shared.newPage(); const cdp = await shared.newCDPSession(p); await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' }); await shared.clearCookies(); await p.goto('/healthz'); await p.waitForTimeout(300); await p.close(); continue }
  const c = await browser.newContext({ baseURL: base, locale: 'pt-BR', serviceWorkers: 'block', ...(mode === 'blank0' ? {} : { storageState: '/tmp/m/ana.json' }) })
  const p = await c.newPage()
  if (mode === 'app') { await p.goto('/dashboard'); await p.getByRole('heading', { name: 'Próxima parcela' }).waitFor(); await p.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' }); await p.waitForTimeout(300) }
  else { await p.goto('/healthz'); await p.waitForTimeout(300) }
  await c.close()
}
const after = cpuOf(isChrome)
const diff: Record<string, number> = {}
for (const k of Object.keys(after)) diff[k] = Math.round(((after[k] ?? 0) - (before[k] ?? 0)) / N)
console.log(mode, 'per load ms cpu', JSON.stringify(diff), 'wall', Math.round((performance.now() - t) / N))
await browser.close()
