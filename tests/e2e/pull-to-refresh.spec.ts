import { expect, test, type Page } from '@playwright/test'
import { startSignedIn } from './fixtures.ts'

/**
 * Pull to refresh on every list screen (issue 40 item 11): real touch events (CDP), the
 * indicator that follows the finger, the screen's data asked again on release, and what a
 * short pull, a pull away from the top and a pull offline do.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

/** A finger from (x, fromY) down to toY in steps; lifted when `release` says so. */
async function pull(page: Page, fromY: number, toY: number, release: boolean | (() => Promise<void>) = true) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: 195, y }] })
  await touch('touchStart', fromY)
  for (let step = 1; step <= 8; step++) await touch('touchMove', fromY + ((toY - fromY) * step) / 8)
  if (typeof release === 'function') await release()
  if (release !== false) await touch('touchEnd', toY)
  await cdp.detach()
}

const SCREENS = [
  { path: '/financial', heading: 'Financeiro', request: '/api/v1/at-home/financeiro/' },
  { path: '/pedagogico/list', heading: 'Minhas turmas', request: '/api/v1/at-home/turmas/' },
  { path: '/avisos', heading: 'Avisos', request: '/api/v1/push-notifications/avisos/' },
  { path: '/dashboard', heading: /^(Bom dia|Boa tarde|Boa noite), Ana!$/, request: '/api/v1/at-home/financeiro/' },
]

for (const screen of SCREENS) {
  test(`${screen.path}: a pull from the top shows the indicator and asks the server again on release`, async ({ page }) => {
    await startSignedIn(page, 'ana', screen.path)
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const indicator = page.getByTestId('pull-to-refresh')
    await expect(indicator).toBeHidden()
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === screen.request)
    await pull(page, 150, 400, async () => {
      // Past the threshold and still held: the indicator says letting go refreshes.
      await expect(indicator).toBeVisible()
      await expect(indicator).toHaveAttribute('data-phase', 'armed')
      await expect(page.getByRole('status').filter({ hasText: 'Solte para atualizar' })).toBeAttached()
    })
    await asked
    await expect(page.getByRole('status').filter({ hasText: 'Atualizado' })).toBeAttached()
    await expect(indicator).toBeHidden()
  })
}

test('a short pull, or one that does not start at the top, asks nothing', async ({ page }) => {
  await startSignedIn(page, 'ana', '/financial')
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const requests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url())
  })
  await pull(page, 150, 190)
  await page.evaluate(() => window.scrollTo(0, 200))
  await pull(page, 150, 500)
  await page.waitForTimeout(500)
  expect(requests).toEqual([])
  await expect(page.getByTestId('pull-to-refresh')).toBeHidden()
})

test('offline, a pull says the data on the device stays and asks nothing', async ({ page, context }) => {
  await startSignedIn(page, 'ana', '/financial')
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await context.setOffline(true)
  await pull(page, 150, 400)
  await expect(page.getByText('Sem internet: mostrando os dados salvos neste aparelho.')).toBeVisible()
  await context.setOffline(false)
})
