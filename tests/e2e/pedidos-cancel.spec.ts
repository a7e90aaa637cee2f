import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, login } from './fixtures.ts'

/**
 * Cancelling an order (issue 12, D11) against the real server, with the demo account
 * pagar@, whose two orders wait for payment (one for this test, one for its retry).
 */
test('an order waiting for payment is cancelled after a confirmation; "Manter pedido" keeps it', async ({ page }) => {
  await login(page, 'pagar@example.com', 'demo1234')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/pedidos')
  const cancel = page.getByRole('button', { name: /^Cancelar o pedido PV-/ }).first()
  await expect(cancel).toBeVisible()
  const numero = (await cancel.getAttribute('aria-label'))!.replace('Cancelar o pedido ', '')
  const card = page.getByRole('article', { name: /Livro/ }).filter({ hasText: numero })

  // Asked first; keeping it changes nothing and gives the focus back.
  await cancel.click()
  const dialog = page.getByRole('alertdialog', { name: `Cancelar o pedido ${numero}?` })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Manter pedido' }).click()
  await expect(dialog).toBeHidden()
  await expect(cancel).toBeFocused()
  await expect(card).toContainText('Aguardando pagamento')

  await cancel.click()
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Pedido ${numero} cancelado.` })).toBeVisible()
  await expect(card).toContainText('Cancelado')
  await expect(card.getByRole('button', { name: /^Cancelar/ })).toHaveCount(0)
  // Stored on the server: a reload says the same.
  await page.reload()
  await expect(page.getByRole('article', { name: /Livro/ }).filter({ hasText: numero })).toContainText('Cancelado')
})
