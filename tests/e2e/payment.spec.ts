import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, login, openFirstUnpaid, serviceWorkerInControl, withServiceWorker } from './fixtures.ts'

/**
 * Paying an instalment (issue 12, D13) against the real server: Pix confirmed by the
 * pix-provider stand-in (/dev/pix), and the card sandbox (approve and decline). The demo
 * account pagar@ exists for this file; the tests run one after another, each paying the
 * first instalment still open.
 */
const PAYER = { username: 'pagar@example.com', password: 'demo1234' }

test.describe.configure({ mode: 'serial' })

/** The instalment `n/total` on /financial shows this status. */
async function expectStatus(page: Page, numbering: string, status: string) {
  await page.getByRole('link', { name: 'Voltar ao financeiro' }).click()
  await expect(page).toHaveURL(/\/financial$/)
  const row = page.getByRole('article', { name: new RegExp(` ${numbering.replace('/', '\\/')}$`) })
  await expect(row).toContainText(status)
}

test('Pix: the QR code and the copy-and-paste code, then the provider confirms and the instalment is paid', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin })
  await login(page, PAYER.username, PAYER.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  const numbering = await openFirstUnpaid(page)
  await expect(page.getByRole('radio', { name: 'Pix' })).toBeChecked()
  await expectNoAxeViolations(page)

  const answer = page.waitForResponse((response) => /\/cobranca\/execute\/pix\/portal\/$/.test(response.url()))
  await page.getByRole('button', { name: 'Gerar código Pix' }).click()
  const charge = (await (await answer).json()) as { txid: string; valor: number; copia_e_cola: string }
  await expect(page.getByRole('img', { name: /^QR code do Pix de R\$/ })).toBeVisible()
  // The BR Code a Pix app reads: the payee's key, the amount, this charge's txid and its CRC.
  const code = page.getByRole('textbox', { name: 'Pix copia e cola' })
  await expect(code).toHaveValue(charge.copia_e_cola)
  expect(charge.copia_e_cola).toContain('br.gov.bcb.pix')
  expect(charge.copia_e_cola).toContain(charge.txid)
  expect(charge.copia_e_cola).toContain(
    `54${String((charge.valor / 100).toFixed(2).length).padStart(2, '0')}${(charge.valor / 100).toFixed(2)}`,
  )
  expect(charge.copia_e_cola).toMatch(/6304[0-9A-F]{4}$/)
  await expect(page.getByText(/O código expira em (29|30):\d\d/)).toBeVisible()
  // Headless Chromium has no share sheet: the code goes to the clipboard, said in a polite status (issue 40 item 12).
  await expect(page.getByRole('button', { name: 'Compartilhar código' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Copiar código' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Código copiado' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.copia_e_cola)
  await expect(page.getByText('Aguardando o pagamento…')).toBeVisible()
  await expectNoAxeViolations(page)

  // The student pays in the bank's app; the provider tells drive (the stand-in's confirm).
  const confirmed = await request.post(`/dev/pix/confirm/${charge.txid}`)
  expect(confirmed.status()).toBe(200)
  await expect(page.getByText('Pagamento confirmado')).toBeVisible()
  await expectStatus(page, numbering, 'Pago')
})

test('Card: the form explains what is missing, a declined card says why, an approved one pays the instalment once', async ({ page }) => {
  // Two axe passes and two charges on a shared 2-core machine.
  test.setTimeout(90_000)
  await login(page, PAYER.username, PAYER.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  const numbering = await openFirstUnpaid(page)
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByText('Preencha este campo')).toHaveCount(5)

  const year = String(new Date().getFullYear() + 1)
  await page.getByLabel('Nome impresso no cartão').fill('PAULO NOGUEIRA')
  await page.getByLabel('Número do cartão').fill('4000000000000002')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002')
  await page.getByRole('combobox', { name: 'Mês de validade' }).click()
  await page.getByRole('option', { name: 'Março' }).click()
  await page.getByRole('combobox', { name: 'Ano de validade' }).click()
  await page.getByRole('option', { name: year }).click()
  await page.getByLabel('Código de segurança (CVV)').fill('123')
  await page.getByRole('combobox', { name: 'Parcelas no cartão' }).click()
  await page.getByRole('option', { name: /^2x de R\$/ }).click()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByRole('alert')).toContainText('Pagamento recusado')
  await expect(page.getByRole('alert')).toContainText('Cartão recusado pelo banco emissor.')

  // The student corrects the number; the rest of the form is still there.
  await page.getByLabel('Número do cartão').fill('4111111111111111')
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByText('Pagamento aprovado')).toBeVisible()
  await expect(page.getByText(/final 1111/)).toBeVisible()
  // Nothing of the card stays on the device.
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  expect(kept).not.toContain('4111111111111111')
  expect(kept).not.toContain('4111 1111 1111 1111')
  await expectStatus(page, numbering, 'Pago')
})

withServiceWorker(() => {
  test('offline, paying says it needs a connection and sends nothing', async ({ page, context }) => {
    await login(page, PAYER.username, PAYER.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await serviceWorkerInControl(page)
    await openFirstUnpaid(page)
    await context.setOffline(true)
    await expect(page.getByText('Pagar precisa de conexão com a internet.', { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Gerar código Pix' })).toBeDisabled()
    await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
    await expect(page.getByRole('button', { name: /^Pagar R\$/ })).toBeDisabled()
    await context.setOffline(false)
    await expect(page.getByRole('button', { name: /^Pagar R\$/ })).toBeEnabled()
  })
})
