import { expect, test } from '@playwright/test'
import { startSignedIn } from './fixtures.ts'

/**
 * The signal goes during a first visit, before the service worker holds the files and before
 * the frame's later parts have loaded (the notices' count, pull to refresh, the outbox's
 * sender, the guided tours, the phone drawer): the screen stays, those parts wait for the
 * connection, and they come once it is back. A failed load of one of them used to take the
 * whole screen to "Algo deu errado".
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

const LATER_PARTS = /\/assets\/(unread|pull-to-refresh|outbox-runner|guided-tour|drawer-dialog)-[\w-]+\.js$/

test('the frame parts that cannot load offline wait for the connection; the screen stays', async ({ page, context }) => {
  let blocked = true
  await context.route(LATER_PARTS, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()))
  await startSignedIn(page, 'ana', '/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /, Ana!$/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Próxima parcela' })).toBeVisible()
  // Every later part asked for its code and was refused: the screen is still the dashboard.
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: /, Ana!$/ })).toBeVisible()

  // Back online: the parts load, the phone drawer among them.
  blocked = false
  await context.setOffline(true)
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Mais' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Sair' })).toBeVisible()
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
})
