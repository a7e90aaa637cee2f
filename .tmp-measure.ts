import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
const base = 'http://localhost:8191'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const opts = { baseURL: base, locale: 'pt-BR', serviceWorkers: 'block' as const }
{
  const c = await browser.newContext(opts); const p = await c.newPage()
  await p.goto('/login/main')
  await p.getByLabel(/^E-mail ou CPF\*?$/).fill('aluno@example.com')
  await p.getByLabel(/^Senha\*?$/).fill('demo1234')
  await p.getByRole('button', { name: 'Entrar' }).click()
  await p.waitForURL(/dashboard/); await p.getByRole('heading', { level: 1 }).waitFor()
  await c.storageState({ path: '/tmp/m/ana.json' }); await c.close()
}
async function load(p) {
  const t = performance.now()
  await p.goto('/dashboard')
  await p.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' })
  await p.getByRole('heading', { level: 1 }).waitFor(); await p.waitForLoadState('load')
  return performance.now() - t
}
const mode = process.argv[2]
const N = 8
const times = []
if (mode === 'fresh') {
  for (let i = 0; i < N; i++) {
    const c = await browser.newContext({ ...opts, storageState: '/tmp/m/ana.json' }); const p = await c.newPage()
    times.push(await load(p)); await c.close()
  }
} else {
  const c = await browser.newContext(opts)
  for (let i = 0; i < N; i++) {
    const p = await c.newPage()
    const cdp = await c.newCDPSession(p)
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'cookies,indexeddb,local_storage,service_workers,cache_storage' })
    await c.clearCookies()
    await c.setStorageState('/tmp/m/ana.json')
    times.push(await load(p)); await p.close()
  }
}
console.log(mode, times.map((t) => Math.round(t)).join(' '))
await browser.close()
