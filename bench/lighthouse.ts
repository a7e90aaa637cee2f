// Lighthouse (npm package, default mobile preset: simulated slow 4G, 4× CPU) on the built
// app served by the real server (TOOLCHAIN.md "Fast delivery and its measurement"). A
// signed-in route gets the token in local storage first, through Playwright on the same
// Chromium, and Lighthouse keeps the storage (`disableStorageReset`).
import { createServer } from 'node:net'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { token } from './offline.ts'

export interface LighthouseFigures {
  route: string
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

export async function lighthouseRoutes(baseUrl: string, routes: { path: string; signedIn: boolean }[]): Promise<LighthouseFigures[]> {
  const port = await freePort()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  })
  const results: LighthouseFigures[] = []
  try {
    const access = await token(baseUrl)
    for (const { path, signedIn } of routes) {
      const context = browser.contexts()[0] ?? (await browser.newContext())
      const page = await context.newPage()
      await page.goto(`${baseUrl}/login/main`)
      await page.evaluate((value) => (value ? localStorage.setItem('token', value) : localStorage.removeItem('token')), signedIn ? access : null)
      await page.close()
      const result = await lighthouse(`${baseUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      })
      if (!result) throw new Error(`lighthouse gave no result for ${path}`)
      const { lhr } = result
      const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
      results.push({
        route: path,
        jsTransferBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      })
    }
  } finally {
    await browser.close()
  }
  return results
}
