import { expect, test } from '@playwright/test'
import { field, STUDENT } from './fixtures.ts'

/**
 * D25: a partner landing page links to the login with a prospect id, a coupon and a
 * company; they go with the login, across the login step's own navigation, and the
 * database keeps them with the login (read on the demo's /dev/login-origens).
 */
test('a landing page’s prospex, cupom and company are stored with the student’s login', async ({ page }) => {
  await page.goto('/login/main?prospex=P1&cupom=PARCEIRA10&company=ACME')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The student wanders off the login page and back: the URL no longer carries them.
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(page).toHaveURL(/\/login\/recover-password/)
  await page.goto('/login/main')

  await field(page, 'E-mail ou CPF').fill(STUDENT.username)
  await field(page, 'Senha').fill(STUDENT.password)
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/login/access-token/'))
  await page.getByRole('button', { name: 'Entrar' }).click()
  const body = new URLSearchParams((await sent).postData() ?? '')
  expect([body.get('prospex'), body.get('cupom'), body.get('company')]).toEqual(['P1', 'PARCEIRA10', 'ACME'])
  await expect(page).toHaveURL(/\/dashboard$/)
  // Sent once: the tab forgets them after the login that carried them.
  expect(await page.evaluate(() => sessionStorage.getItem('portal-login-origin'))).toBeNull()

  await page.goto('/dev/login-origens')
  const row = page.getByRole('row').filter({ hasText: STUDENT.username })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell')).toHaveText([STUDENT.username, 'P1', 'PARCEIRA10', 'ACME', /^\d{2}\/\d{2}\/\d{4}/])
})
