import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, field, loginAsStudent, STUDENT } from './fixtures.ts'

test.describe('app shell and profile', () => {
  test('/me shows the profile of the logged-in user', async ({ page }) => {
    await loginAsStudent(page)
    await page.goto('/me')
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    const profile = page.locator('.profile-list')
    await expect(profile).toContainText(STUDENT.name)
    await expect(profile).toContainText(STUDENT.username)
    await expectNoAxeViolations(page)
  })

  test('the drawer minimises to icons and expands again on a wide screen, by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loginAsStudent(page)
    const minimize = page.getByRole('button', { name: 'Minimizar menu' })
    await minimize.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-pressed', 'true')
    const width = await page.locator('#app-drawer').evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBeLessThan(100)
    // Still named for screen readers while minimised.
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meu perfil' })).toBeVisible()
    await page.getByRole('button', { name: 'Expandir menu' }).click()
    await expect(page.getByRole('button', { name: 'Minimizar menu' })).toBeVisible()
  })

  test('a phone gets the drawer from the menu button and closes it with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await loginAsStudent(page)
    const nav = page.getByRole('navigation', { name: 'Menu principal' })
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await expect(nav).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await nav.getByRole('link', { name: 'Meu perfil' }).click()
    await expect(page).toHaveURL(/\/me$/)
    await expect(nav).toBeHidden()
  })

  test('changing the password works and the new one is needed afterwards', async ({ page }) => {
    // A sibling account keeps the demo student's password intact for the other tests.
    await page.goto('/login/main')
    await field(page, 'E-mail ou CPF').fill('gestor@example.com')
    await field(page, 'Senha').fill('demo1234')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/me')
    await field(page, 'Senha atual').fill('errada123')
    await field(page, 'Nova senha').fill('novaSenha123')
    await field(page, 'Confirme a nova senha').fill('novaSenha123')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByRole('alert')).toContainText('Senha atual incorreta')
    await field(page, 'Senha atual').fill('demo1234')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible()
    // Older tokens are void now; this session goes on with the new one, even after a reload.
    await page.reload()
    await expect(page).toHaveURL(/\/me$/)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    // Restore it through the same screen so a rerun against this server still logs in.
    await field(page, 'Senha atual').fill('novaSenha123')
    await field(page, 'Nova senha').fill('demo1234')
    await field(page, 'Confirme a nova senha').fill('demo1234')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible()
  })
})

test.describe('without the service worker', () => {
  // With the worker in control, chunks come from its precache and never fail this way; this
  // is the first visit, or a browser without service workers.
  test.use({ serviceWorkers: 'block' })

  test('a screen whose code fails to load reloads the browser at the target path (SPEC §2)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loginAsStudent(page)
    // The first request for the /me chunk fails, as after a deployment removed old chunks.
    let failed = 0
    await page.route(/\/assets\/me-[\w-]+\.js$/, async (route) => {
      if (failed++ === 0) return route.abort('failed')
      return route.continue()
    })
    // A full document load (not a client-side route change) proves the reload.
    const reloaded = page.waitForEvent('load')
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meu perfil' }).click()
    await reloaded
    await expect(page).toHaveURL(/\/me$/)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    expect(failed).toBeGreaterThanOrEqual(2)
  })
})
