import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, field, seedSession, slowCpu, STUDENT } from './fixtures.ts'

/**
 * A student taps and types as soon as the first screen shows, before the app's code has run
 * (issue 37 item 3). The app's scripts are held back until the test lets them through, so
 * "before the app started" is certain rather than a race, and the CPU is slowed as on a
 * phone. What is checked is what the student sees and keeps: the tap's answer on the
 * pre-rendered screen, and every keystroke and the tap's outcome once the app runs.
 */

/** Holds every script of the app (the start script included) until `release` is called. */
async function holdTheApp(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const preRendered = (page: Page) => page.locator('#root[data-prerendered]')

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true })

test('the login form takes typing, the eye and "Entrar" before the app runs, and the app logs in with exactly what was typed', async ({
  page,
}) => {
  await slowCpu(page, 4)
  const release = await holdTheApp(page)
  await page.goto('/login/main', { waitUntil: 'commit' })
  await expect(preRendered(page)).toBeVisible()

  await field(page, 'E-mail ou CPF').click()
  await page.keyboard.type(STUDENT.username)
  await field(page, 'Senha').click()
  await page.keyboard.type(STUDENT.password)
  await page.getByRole('button', { name: 'Mostrar senha' }).tap()
  // The eye answers at once: the password reads in clear.
  await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Entrar' }).tap()
  // "Entrar" answers at once: busy, on the screen drawn before any of the app's code.
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'true')
  await expect(preRendered(page)).toHaveCount(1)

  release()
  // The app took the typed e-mail and password and the pending "Entrar": the student is in.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('typing that starts before the app and goes on after it loses no keystroke, and the caret stays in the field', async ({ page }) => {
  await slowCpu(page, 4)
  const release = await holdTheApp(page)
  await page.goto('/login/main', { waitUntil: 'commit' })
  await field(page, 'E-mail ou CPF').click()
  await page.keyboard.type('aluno@exa')
  await field(page, 'Senha').click()
  await page.keyboard.type('demo')
  release()
  // Keys typed while the app starts and after it took over land in the same field.
  await page.keyboard.type('1234')
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0)
  await expect(field(page, 'Senha')).toBeFocused()
  await expect(field(page, 'Senha')).toHaveValue('demo1234')
  await expect(field(page, 'E-mail ou CPF')).toHaveValue('aluno@exa')
  // The values are the screen's own state: an empty-field check does not fire, and the
  // completed e-mail logs in.
  await field(page, 'E-mail ou CPF').click()
  await page.keyboard.press('End')
  await page.keyboard.type('mple.com')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('"Entrar" tapped on an empty form before the app runs ends in the form\'s own messages, not a lost tap', async ({ page }) => {
  const release = await holdTheApp(page)
  await page.goto('/login/main', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Entrar' }).tap()
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'true')
  release()
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0)
  await expect(field(page, 'E-mail ou CPF')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('button', { name: 'Entrar' })).not.toHaveAttribute('aria-busy', 'true')
  await expect(page).toHaveURL(/\/login\/main$/)
})

test('a tab tapped on the pre-rendered dashboard becomes the current one at once, and the app opens that screen', async ({ page }) => {
  await slowCpu(page, 4)
  const seeding = await seedSession(page, 'ana')
  const release = await holdTheApp(page)
  await page.goto('/dashboard', { waitUntil: 'commit' })
  await seeding.dispose()
  await expect(preRendered(page)).toBeVisible()
  const tabBar = page.getByRole('navigation', { name: 'Atalhos' })
  await tabBar.getByRole('link', { name: 'Financeiro' }).tap()
  // Before any of the app's code: "Financeiro" is the current entry and "Início" no longer is.
  await expect(tabBar.getByRole('link', { name: 'Financeiro' })).toHaveAttribute('aria-current', 'page')
  await expect(tabBar.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current', 'page')
  await expect(page).toHaveURL(/\/dashboard$/)

  release()
  await expect(page).toHaveURL(/\/financial$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible()
  await expect(tabBar.getByRole('link', { name: 'Financeiro' })).toHaveAttribute('aria-current', 'page')
  // Back returns to the dashboard, as after any tap on a link.
  await page.goBack()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('by keyboard alone before the app runs: Tab to the fields, type, Enter; the busy screen passes axe and the app logs in', async ({
  page,
}) => {
  const release = await holdTheApp(page)
  await page.goto('/login/main', { waitUntil: 'commit' })
  await expect(preRendered(page)).toBeVisible()
  // From the top of the page to the first field, as a keyboard user would.
  await page.keyboard.press('Tab')
  while (!(await field(page, 'E-mail ou CPF').evaluate((input) => input === document.activeElement))) await page.keyboard.press('Tab')
  await page.keyboard.type(STUDENT.username)
  await page.keyboard.press('Tab')
  while (!(await field(page, 'Senha').evaluate((input) => input === document.activeElement))) await page.keyboard.press('Tab')
  await page.keyboard.type(STUDENT.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'true')
  await expectNoAxeViolations(page)
  release()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the pre-rendered frame with a tab tapped early passes axe', async ({ page }) => {
  const seeding = await seedSession(page, 'ana')
  const release = await holdTheApp(page)
  await page.goto('/dashboard', { waitUntil: 'commit' })
  await seeding.dispose()
  const tabBar = page.getByRole('navigation', { name: 'Atalhos' })
  await tabBar.getByRole('link', { name: 'Pedidos' }).tap()
  await expect(tabBar.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)
  release()
  await expect(page).toHaveURL(/\/pedidos$/)
})
