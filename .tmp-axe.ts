import { chromium } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts'
const base = 'http://localhost:8191'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const c = await browser.newContext({ baseURL: base, locale: 'pt-BR', serviceWorkers: 'block', storageState: '/tmp/m/ana.json', reducedMotion: 'reduce' })
const p = await c.newPage()
await p.goto('/financial'); await p.getByText('Vencido', { exact: true }).first().waitFor()
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
for (let i = 0; i < 4; i++) { const t = performance.now(); const r = await new AxeBuilder({ page: p }).setLegacyMode(true).withTags(tags).analyze(); console.log('builder', Math.round(performance.now() - t), r.violations.length, r.passes.length) }
const src = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
{ const t = performance.now(); await p.evaluate(src); console.log('inject', Math.round(performance.now() - t)) }
for (let i = 0; i < 4; i++) { const t = performance.now(); const r = await p.evaluate((tags) => (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r: any) => r.violations.length), tags); console.log('run', Math.round(performance.now() - t), r) }
for (let i = 0; i < 2; i++) { const t = performance.now(); const r = await p.evaluate((tags) => (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags } }).then((r: any) => r.violations.length), tags); console.log('run-all-results', Math.round(performance.now() - t), r) }
await browser.close()
