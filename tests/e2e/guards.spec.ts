import { expect, test } from '@playwright/test'
import { startSignedIn, STUDENT } from './fixtures.ts'

/** SPEC §2's guards as a person meets them: where each address leads for who is asking (issue 9 journey 6). */
test.describe('route guards (SPEC §2, D7)', () => {
  test('logged out, every screen of the portal and any unknown address lead to the login page', async ({ page }) => {
    for (const path of ['/dashboard', '/financial', '/me', '/pedagogico/list', '/profile-update/form', '/caminho/que-nao-existe']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/login\/main$/)
    }
    await expect(page.getByRole('heading', { name: 'Portal do aluno' })).toBeVisible()
  })

  test('logged in, / goes to the dashboard, and /profile-update with nothing to update too', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.goto('/')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/profile-update')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/profile-update/form')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(STUDENT.name.split(' ')[0]!)
  })

  test('a manager sent to a student-only screen lands on the dashboard (D7)', async ({ page }) => {
    await startSignedIn(page, 'manager')
    await page.goto('/financial')
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})
