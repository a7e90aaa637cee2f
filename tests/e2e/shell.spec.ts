import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, field, loginAsStudentOnScreen, MANAGER, restorePassword, startSignedIn, STUDENT } from './fixtures.ts'

test.describe('app shell and profile', () => {
  test('/me shows the profile of the logged-in user', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.goto('/me')
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    const profile = page.locator('.profile-list')
    await expect(profile).toContainText(STUDENT.name)
    await expect(profile).toContainText(STUDENT.username)
    await expectNoAxeViolations(page)
  })

  test('the drawer minimises to icons and expands again on a wide screen, by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await startSignedIn(page, 'ana')
    const minimize = page.getByRole('button', { name: 'Minimizar menu' })
    await minimize.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Expandir menu' })).toHaveAttribute('aria-pressed', 'true')
    // The width slides (CSS transition): wait for where it ends, not a frame on the way.
    await expect.poll(() => page.locator('#app-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(100)
    // Still named for screen readers while minimised.
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meu perfil' })).toBeVisible()
    await page.getByRole('button', { name: 'Expandir menu' }).click()
    await expect(page.getByRole('button', { name: 'Minimizar menu' })).toBeVisible()
    await expect.poll(() => page.locator('#app-drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(200)
  })

  test('a wide screen: following a drawer link or logging out puts focus on the new heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loginAsStudentOnScreen(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    const nav = page.getByRole('navigation', { name: 'Menu principal' })
    await nav.getByRole('link', { name: 'Financeiro' }).click()
    await expect(page).toHaveURL(/\/financial$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeFocused()
    // The header's profile link is a navigation too.
    await page.getByRole('banner').getByRole('link', { name: 'Meu perfil' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeFocused()
    await nav.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Portal do aluno' })).toBeFocused()
  })

  test('a tablet opens the drawer dialog from the menu button and gets focus back on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 1024 })
    await startSignedIn(page, 'ana')
    await expect(page.getByRole('navigation', { name: 'Atalhos' })).toBeHidden()
    const menu = page.getByRole('button', { name: 'Abrir menu' })
    await menu.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    // The page behind a modal is hidden from screen readers, its menu button included.
    await expect(page.getByRole('button', { name: 'Abrir menu', includeHidden: true })).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).toBeHidden()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(menu).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
  })

  test('changing the password works and the new one is needed afterwards', async ({ page, request }) => {
    // A sibling account keeps the demo student's password intact for the other tests; an
    // attempt that stopped between the two changes left it on the new one.
    await restorePassword(request, MANAGER.username, 'novaSenha123', MANAGER.password)
    await page.goto('/login/main')
    await field(page, 'E-mail ou CPF').fill(MANAGER.username)
    await field(page, 'Senha').fill(MANAGER.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/me')
    await field(page, 'Senha atual').fill('errada123')
    await field(page, 'Nova senha').fill('novaSenha123')
    await field(page, 'Confirme a nova senha').fill('novaSenha123')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByRole('alert')).toContainText('Senha atual incorreta')
    await field(page, 'Senha atual').fill(MANAGER.password)
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible()
    // Older tokens are void now; this session goes on with the new one, even after a reload.
    await page.reload()
    await expect(page).toHaveURL(/\/me$/)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    // Restore it through the same screen so a rerun against this server still logs in.
    await field(page, 'Senha atual').fill('novaSenha123')
    await field(page, 'Nova senha').fill(MANAGER.password)
    await field(page, 'Confirme a nova senha').fill(MANAGER.password)
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
    // A deployment removed the old /me chunk: every request for it fails until the browser
    // loads a document again, and from the start, so no hover preloads it first. (Failing
    // only its first request once let the screen open without a reload, 2026-11-27: a later
    // request for the chunk succeeded.)
    let failed = 0
    let reloadedAt: string | null = null
    await page.route(/\/assets\/me-[\w-]+\.js$/, async (route) => {
      if (reloadedAt) return route.continue()
      failed++
      return route.abort('failed')
    })
    await startSignedIn(page, 'ana')
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloadedAt = new URL(request.url()).pathname
    })
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meu perfil' }).click()
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    await expect(page).toHaveURL(/\/me$/)
    // The screen came from a full document load at /me (SPEC §2), after the chunk had failed.
    expect(reloadedAt).toBe('/me')
    expect(failed).toBeGreaterThanOrEqual(1)
  })
})

test.describe('phone shell', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the tab bar moves between the main areas and focus lands on each screen’s heading', async ({ page }) => {
    await loginAsStudentOnScreen(page)
    // After login focus is on the dashboard's heading, not lost to the page body.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    const tabs = page.getByRole('navigation', { name: 'Atalhos' })
    await expect(tabs).toBeVisible()
    // The tab bar's "Mais" replaces the menu button on phones.
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeHidden()
    await expect(tabs.getByRole('link')).toHaveText(['Início', 'Pedagógico', 'Financeiro', 'Pedidos'])
    await expect(tabs.getByRole('button', { name: 'Mais' })).toBeVisible()

    const screens = [
      { tab: 'Pedagógico', url: /\/pedagogico\/list$/, heading: 'Minhas turmas' },
      { tab: 'Financeiro', url: /\/financial$/, heading: 'Financeiro' },
      { tab: 'Pedidos', url: /\/pedidos$/, heading: 'Meus pedidos' },
    ]
    for (const screen of screens) {
      await tabs.getByRole('link', { name: screen.tab }).click()
      await expect(page).toHaveURL(screen.url)
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeFocused()
      await expect(tabs.getByRole('link', { name: screen.tab })).toHaveAttribute('aria-current', 'page')
      await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1)
    }

    // A class's notas belongs to Pedagógico.
    await tabs.getByRole('link', { name: 'Pedagógico' }).click()
    await page.getByRole('article', { name: 'Inglês — Intermediário 2' }).getByRole('link', { name: 'Notas' }).click()
    await expect(page).toHaveURL(/\/pedagogico\/notas\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await expect(tabs.getByRole('link', { name: 'Pedagógico' })).toHaveAttribute('aria-current', 'page')

    await tabs.getByRole('link', { name: 'Início' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    // Nothing of the page hides behind the fixed bar: the end of the page scrolls above it.
    const bar = await tabs.boundingBox()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const lastCard = await page.locator('#main > :last-child').boundingBox()
    expect(bar && lastCard && lastCard.y + lastCard.height).toBeLessThanOrEqual(bar!.y)
  })

  test('"Mais" opens the drawer as a modal dialog: focus stays inside, Esc closes it, focus returns', async ({ page }) => {
    await loginAsStudentOnScreen(page)
    const more = page.getByRole('navigation', { name: 'Atalhos' }).getByRole('button', { name: 'Mais' })
    await more.click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    // The page behind is hidden from screen readers while the dialog is open.
    await expect(page.getByRole('navigation', { name: 'Atalhos' })).toBeHidden()
    await expect(page.getByRole('main')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Mais', includeHidden: true })).toHaveAttribute('aria-expanded', 'true')
    const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement))
    expect(await focusInside()).toBe(true)
    // Only screens that exist: no "Em breve" dead ends.
    const nav = dialog.getByRole('navigation', { name: 'Menu principal' })
    await expect(nav.getByRole('link')).toHaveText([
      'Início',
      'Pedagógico',
      'Aulas online',
      'Financeiro',
      'Pedidos',
      'KNN Club',
      // The knn brand's own programmes (D29), since issue 14 built their screens.
      'KNN abre o mundo',
      'KNN Orlando',
      'English test',
      'Envios pendentes',
      // With its unread count when another test has just sent Ana a notice.
      /^Avisos(\d+\d+ avisos? não lidos?)?$/,
      'Meu perfil',
    ])
    await expect(dialog).not.toContainText('Em breve')
    // Tabbing past the last control, or back past the first, never leaves the dialog.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInside()).toBe(true)
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInside()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(more).toBeFocused()
    await expect(more).toHaveAttribute('aria-expanded', 'false')

    // The close button works the same way.
    await more.click()
    await dialog.getByRole('button', { name: 'Fechar menu' }).click()
    await expect(dialog).toBeHidden()
    await expect(more).toBeFocused()

    // A link closes the dialog and focus goes to the new screen's heading.
    await more.click()
    await nav.getByRole('link', { name: 'Meu perfil' }).click()
    await expect(page).toHaveURL(/\/me$/)
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeFocused()

    // Logging out from it lands focus on the login screen's heading.
    await more.click()
    await dialog.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Portal do aluno' })).toBeFocused()
  })
})
