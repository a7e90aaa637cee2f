// Lighthouse (npm package, default mobile preset: simulated slow 4G, 4× CPU) on the built
// app served by the real server (TOOLCHAIN.md "Fast delivery and its measurement"). A
// signed-in route gets the token in local storage first, through Playwright on the same
// Chromium, and Lighthouse keeps the storage (`disableStorageReset`). Each route gets a
// fresh browser profile, and the token is written from /healthz, a page that does not load
// the app: no service worker or cache from before, so both loads are cold.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { token } from './offline.ts'

export interface LighthouseFigures {
  route: string
  /** Where the page ended (a signed-in route that lands on the login page lost its token). */
  finalPath: string
  jsTransferBytes: number
  lcpMs: number
  cls: number
  tbtMs: number
  score: number
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

async function lighthouseRoute(baseUrl: string, path: string, access: string | null): Promise<LighthouseFigures> {
  const port = await freePort()
  // A persistent context is the browser's default one, whose storage Lighthouse's tab sees
  // (a `newContext()` is isolated like an incognito window).
  const profile = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  })
  try {
    if (access) {
      const page = await browser.newPage()
      await page.goto(`${baseUrl}/healthz`)
      await page.evaluate((value) => localStorage.setItem('token', value), access)
      await page.close()
    }
    const result = await lighthouse(`${baseUrl}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    })
    if (!result) throw new Error(`lighthouse gave no result for ${path}`)
    const { lhr } = result
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
    return {
      route: path,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      jsTransferBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    }
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

export async function lighthouseRoutes(baseUrl: string, routes: { path: string; signedIn: boolean }[]): Promise<LighthouseFigures[]> {
  const access = await token(baseUrl)
  const results: LighthouseFigures[] = []
  for (const { path, signedIn } of routes) results.push(await lighthouseRoute(baseUrl, path, signedIn ? access : null))
  return results
}
