import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, field, login, mainNav, SIBLINGS, startSignedIn, STUDENT } from './fixtures.ts'

test.describe('login', () => {
  test('the portal opens on /login/main in Portuguese, brand knn', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await expect(page.getByRole('heading', { name: 'Portal do aluno' })).toBeVisible()
    await expect(page.getByText('KNN Idiomas')).toBeVisible()
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
    expect(primary.toUpperCase()).toBe('#3E009F')
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', /#3E009F/i)
    await expectNoAxeViolations(page)
  })

  test('/login redirects to /login/main', async ({ page }) => {
    await page.goto('/login')
    await expect(page).toHaveURL(/\/login\/main$/)
  })

  test('the demo student logs in and lands on the dashboard with the drawer and her name', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
    await expect(page.getByText(STUDENT.name)).toBeVisible()
    // Mobile-first: on a narrow screen the drawer opens from the menu button.
    const nav = await mainNav(page)
    // Only screens that exist (no "Em breve" dead ends); later areas appear with their screens.
    for (const area of ['Início', 'Pedagógico', 'Financeiro', 'Pedidos', 'Meu perfil', 'Sair']) {
      await expect(nav.getByText(area, { exact: false }).first()).toBeVisible()
    }
    // Students do not see the manager entry (D7).
    await expect(nav.getByText('Notificações (gestão)')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('a wrong password shows the server answer in Portuguese', async ({ page }) => {
    const answer = page.waitForResponse('**/api/v1/login/access-token/')
    await login(page, STUDENT.username, 'senha-errada')
    expect((await answer).status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText('Usuário ou senha incorreta.')
    await expect(page).toHaveURL(/\/login\/main$/)
    // Nothing typed is lost: the identifier is still there to correct the password.
    await expect(field(page, 'E-mail ou CPF')).toHaveValue(STUDENT.username)
  })

  test('empty fields are flagged before calling the server', async ({ page }) => {
    await page.goto('/login/main')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByText('Este campo é obrigatório')).toHaveCount(2)
  })

  test('a server that cannot be reached gives a clear message, not a blank page', async ({ page }) => {
    await page.goto('/login/main')
    await page.route('**/api/v1/login/access-token/', (route) => route.abort('connectionrefused'))
    await field(page, 'E-mail ou CPF').fill(STUDENT.username)
    await field(page, 'Senha').fill(STUDENT.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert')).toContainText('Não foi possível conectar ao servidor')
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  test('a CPF shared by two siblings offers both accounts and logs into the chosen one (D9)', async ({ page }) => {
    await login(page, SIBLINGS.cpf, SIBLINGS.password)
    await expect(page.getByRole('heading', { name: 'Escolha a conta' })).toBeVisible()
    for (const name of SIBLINGS.names) await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: new RegExp(SIBLINGS.names[1]!) }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Marina')
  })

  test('logout clears token, verification token, book info and cached data, and returns to /login/main', async ({ page }) => {
    // Its own session: "Sair" ends it on the server, the stored one stays for the others.
    await login(page, STUDENT.username, STUDENT.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.evaluate(() => {
      localStorage.setItem('cpf_email_verification_token', 'abc')
      localStorage.setItem('bookInfo', JSON.stringify({ uuid: 'x' }))
    })
    const nav = await mainNav(page)
    await nav.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/login\/main$/)
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      verification: localStorage.getItem('cpf_email_verification_token'),
      book: localStorage.getItem('bookInfo'),
      keptUser: localStorage.getItem('portal-kept-user'),
    }))
    // The kept user is gone with the rest: nothing of this account stays on the device.
    expect(stored).toEqual({ token: null, verification: null, book: null, keptUser: null })
    // The protected screens are closed again.
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\/main$/)
  })

  test('a logged-in user who reloads stays logged in; an unknown path goes home', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.reload()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/caminho/que-nao-existe')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/login/main')
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('an expired or revoked token sends the user back to login', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'))
    await page.goto('/me')
    await expect(page).toHaveURL(/\/login\/main$/)
  })
})
