import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, followMailLink, login, mainNav, UNCONFIRMED } from './fixtures.ts'

test.describe('e-mail confirmation (issue 9 journey 4, SPEC §4)', () => {
  test('Meu perfil sends the link; opened logged out it waits for the login, then confirms and lands on the dashboard', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await login(page, UNCONFIRMED.username, UNCONFIRMED.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/me')
    const card = page.getByRole('region', { name: 'Confirmação de e-mail' })
    await expect(card).toContainText(`Confirme o e-mail ${UNCONFIRMED.username}`)
    await card.getByRole('button', { name: 'Enviar link de confirmação' }).click()
    await expect(card.getByRole('status')).toHaveText(
      `Enviamos um link de confirmação para ${UNCONFIRMED.username}. Ele vale por 24 horas.`,
    )

    // Logged out, the link is opened: the token is kept on the device until the login.
    const nav = await mainNav(page)
    await nav.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/login\/main$/)
    await followMailLink(page, UNCONFIRMED.username, /Confirme seu e-mail · KNN Idiomas/)
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect(page.getByRole('status').filter({ hasText: 'concluir a confirmação do e-mail' })).toBeVisible()
    await expectNoAxeViolations(page)
    const kept = await page.evaluate(() => localStorage.getItem('cpf_email_verification_token'))
    expect(kept).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // After login: POST /users/verify-email/, the token goes, the user reloads, the dashboard says so.
    const verified = page.waitForResponse('**/api/v1/users/verify-email/')
    await page.getByLabel(/^E-mail ou CPF\*?$/).fill(UNCONFIRMED.username)
    await page.getByLabel(/^Senha\*?$/).fill(UNCONFIRMED.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    expect((await verified).status()).toBe(200)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('status').filter({ hasText: 'Seu e-mail foi confirmado.' })).toBeVisible()
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => localStorage.getItem('cpf_email_verification_token'))).toBeNull()
    await page.getByRole('button', { name: 'Fechar aviso' }).click()
    await expect(page.getByText('Seu e-mail foi confirmado.')).toHaveCount(0)

    await page.goto('/me')
    await expect(page.getByRole('region', { name: 'Confirmação de e-mail' })).toContainText(
      `Seu e-mail ${UNCONFIRMED.username} está confirmado.`,
    )

    // The same link again, now logged in: refused with the reason, on the dashboard.
    await followMailLink(page, UNCONFIRMED.username, /Confirme seu e-mail/)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('alert')).toContainText('Link de confirmação inválido ou expirado.')
    expect(await page.evaluate(() => localStorage.getItem('cpf_email_verification_token'))).toBeNull()
  })
})
