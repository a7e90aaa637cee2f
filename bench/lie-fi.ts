// "Dashboard with the API hanging (lie-fi): time until cached data shows" (issue 7):
// after a signed-in visit, every API request is accepted and never answered; the reload
// is timed until the dashboard shows the student's data from the device.
import { launch, token } from './offline.ts'

export async function lieFiDashboardMs(baseUrl: string): Promise<number | null> {
  const browser = await launch()
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript((value) => localStorage.setItem('token', value), await token(baseUrl))
    await page.goto(`${baseUrl}/dashboard`)
    await page.locator('.summary-figure').first().waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 })
    // The API hangs: requests are held, never fulfilled (the service worker's too).
    await context.route('**/api/**', () => {})
    await context.route('**/drive/api/**', () => {})
    await page.reload({ waitUntil: 'commit' })
    const shown = await page
      .locator('.summary-figure')
      .first()
      .waitFor({ timeout: 30_000 })
      .then(() => page.evaluate(() => performance.now()))
      .catch(() => null)
    await context.close()
    return shown
  } finally {
    await browser.close()
  }
}
