import { expect, test } from '@playwright/test'
import { openFirstUnpaid, startSignedIn } from './fixtures.ts'

/**
 * The card attempts' limit against the real server. Ana's card is charged by no other
 * test (the a11y walk only draws the form), so closing her window for 15 minutes here cannot
 * fail another test, nor this one's retry; payment.spec's serial card tests keep pagar@'s.
 */
test('after five card payments without success the screen says when to try again (429), and even a good card waits', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await openFirstUnpaid(page)
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
  await page.getByLabel('Nome impresso no cartão').fill('PAULO NOGUEIRA')
  await page.getByLabel('Número do cartão').fill('4000000000009995')
  await page.getByRole('combobox', { name: 'Mês de validade' }).click()
  await page.getByRole('option', { name: 'Dezembro' }).click()
  await page.getByRole('combobox', { name: 'Ano de validade' }).click()
  await page.getByRole('option', { name: String(new Date().getFullYear() + 1) }).click()
  await page.getByLabel('Código de segurança (CVV)').fill('123')
  // Five declines are answered (a retry of this test finds the window already closed: 429 at once).
  const statuses: number[] = []
  while (!statuses.includes(429) && statuses.length < 6) {
    const answer = page.waitForResponse((response) => /\/cartao-credito\/portal\/$/.test(response.url()))
    await page.getByRole('button', { name: /^Pagar R\$/ }).click()
    statuses.push((await answer).status())
  }
  expect(statuses.at(-1)).toBe(429)
  expect(statuses.slice(0, -1).every((status) => status === 402)).toBe(true)
  // The window began at the first failure: the minutes left, rounded up.
  await expect(page.getByRole('alert')).toContainText(
    /^Muitas tentativas de pagamento com cartão sem sucesso\. Aguarde (1[0-5]|[1-9]) minutos? e tente novamente\.$/,
  )
  // Even a good card waits now, and the instalment is not charged; the form is kept.
  await page.getByLabel('Número do cartão').fill('4111111111111111')
  const good = page.waitForResponse((response) => /\/cartao-credito\/portal\/$/.test(response.url()))
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  expect((await good).status()).toBe(429)
  await expect(page.getByRole('alert')).toContainText(/Aguarde \d+ minutos?/)
  await expect(page.getByText('Pagamento aprovado')).toHaveCount(0)
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveValue('PAULO NOGUEIRA')
})
