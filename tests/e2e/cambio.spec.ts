import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, login } from './fixtures.ts'

/**
 * The câmbio simulator (issue 14, D14, D30) against the real server: quotes as
 * the server computed them, a quote paid by Pix (confirmed by the provider's stand-in,
 * /dev/pix), a quote the server refuses after its 15 minutes (dated back with /dev/cambio)
 * and re-quoted, the device's own count of the 15 minutes, and offline. The demo account
 * cambio@ exists for this file: nobody else depends on her quotes or charges.
 */
const CAMBISTA = { username: 'cambio@example.com', password: 'demo1234' }

interface Cotacao {
  id: number
  moeda_origem: string
  moeda_destino: string
  valor_origem: number
  valor_destino: number
  taxa: number
  taxa_data: string
  iof_percentual: number
  valor_reais: number
  iof: number
  total: number
  valida_ate: string
}

const SYMBOL: Record<string, string> = { BRL: 'R$', USD: 'US$', EUR: '€', GBP: '£' }
const DIGITS = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const money = (cents: number, moeda = 'BRL') => `${SYMBOL[moeda]}\u00a0${DIGITS.format(cents / 100)}`
// playwright.config's timezoneId: the screen shows the server's end in the device's zone.
const clock = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Sao_Paulo' }).format(
    new Date(iso),
  )
const day = (isoDate: string) => isoDate.split('-').reverse().join('/')

async function openSimulator(page: Page, url = '/cambio') {
  await login(page, CAMBISTA.username, CAMBISTA.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // Opened by its address (the programme pages' links are other screens'): the app's route focus moves to
  // the heading on in-app navigation; here the heading is what the screen draws first.
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: 'Simulador de câmbio' })).toBeVisible()
}

/** Fills the form, presses "Simular" and returns the server's quote. */
async function simulate(page: Page, currency: string, typedIn: string, amountLabel: string, digits: string): Promise<Cotacao> {
  await page.getByRole('radio', { name: currency }).check()
  await page.getByRole('radio', { name: typedIn }).check()
  await page.getByLabel(amountLabel).fill(digits)
  const answer = page.waitForResponse((response) => response.url().endsWith('/cambio-real/simulator-value/'))
  await page.getByRole('button', { name: 'Simular', exact: true }).click()
  const response = await answer
  expect(response.status()).toBe(201)
  return (await response.json()) as Cotacao
}

/** The quote on screen says what the server answered: conversion, rate and its day, reais, IOF apart, total, validity. */
async function expectQuote(page: Page, cotacao: Cotacao, unit: string, foreign: string) {
  const quote = page.getByRole('region', { name: 'Cotação' })
  await expect(quote.getByRole('heading', { name: 'Cotação' })).toBeFocused()
  await expect(quote).toContainText(
    `${money(cotacao.valor_origem, cotacao.moeda_origem)} → ${money(cotacao.valor_destino, cotacao.moeda_destino)}`,
  )
  const rate = String(cotacao.taxa).replace('.', ',').padEnd(6, '0')
  await expect(quote).toContainText(`R$ ${rate} por ${unit} (${foreign}), taxa de ${day(cotacao.taxa_data)}`)
  await expect(quote.getByRole('definition').nth(1)).toHaveText(money(cotacao.valor_reais))
  await expect(quote.getByRole('term').nth(2)).toHaveText('IOF (1,1 %)')
  await expect(quote.getByRole('definition').nth(2)).toHaveText(money(cotacao.iof))
  const summary = quote.getByRole('region', { name: 'Total a pagar' })
  // Issue 40 item 5: the label is written on screen, and the region's name comes from it.
  await expect(summary.getByText('Total a pagar', { exact: true })).toBeVisible()
  await expect(summary).toHaveAttribute('aria-labelledby', /.+/)
  await expect(summary).toContainText(money(cotacao.total))
  await expect(summary).toContainText(`Cotação válida até ${clock(cotacao.valida_ate)}`)
  expect(cotacao.total).toBe(cotacao.valor_reais + cotacao.iof)
}

test('a student simulates dollars into reais and reais into pounds, and sees the server’s rate, date, IOF and total', async ({ page }) => {
  await openSimulator(page)
  await expectNoAxeViolations(page)

  // An empty amount is refused under the field before anything is sent.
  await page.getByRole('button', { name: 'Simular', exact: true }).click()
  await expect(page.getByText('Informe um valor maior que zero.')).toBeVisible()

  const usd = await simulate(page, 'Dólar americano (USD)', 'Dólares (USD)', 'Valor em dólares (USD)', '10000')
  expect(usd).toMatchObject({ moeda_origem: 'USD', moeda_destino: 'BRL', valor_origem: 10_000, iof_percentual: 1.1 })
  await expect(page.getByLabel('Valor em dólares (USD)')).toHaveValue('100,00')
  await expectQuote(page, usd, 'dólar', 'USD')
  await expect(page.getByRole('region', { name: 'Cotação' })).toContainText('Compra de US$\u00a0100,00')
  await expectNoAxeViolations(page)

  // R$ 0,01 is not a penny (issue 36): the server's minimum shows under the field.
  await page.getByRole('radio', { name: 'Libra esterlina (GBP)' }).check()
  await page.getByRole('radio', { name: 'Reais (BRL)' }).check()
  await page.getByLabel('Valor em reais (BRL)').fill('1')
  const refused = page.waitForResponse((response) => response.url().endsWith('/cambio-real/simulator-value/'))
  await page.getByRole('button', { name: 'Simular', exact: true }).click()
  expect((await refused).status()).toBe(422)
  await expect(page.getByText('O valor mínimo desta conversão é R$ 0,04: abaixo disso, não chega a 1 centavo de libra.')).toBeVisible()

  const gbp = await simulate(page, 'Libra esterlina (GBP)', 'Reais (BRL)', 'Valor em reais (BRL)', '100000')
  expect(gbp).toMatchObject({ moeda_origem: 'BRL', moeda_destino: 'GBP', valor_origem: 100_000, valor_reais: 100_000 })
  await expect(page.getByLabel('Valor em reais (BRL)')).toHaveValue('1.000,00')
  await expectQuote(page, gbp, 'libra', 'GBP')
  await expect(page.getByRole('region', { name: 'Cotação' })).toContainText(`Compra de ${money(gbp.valor_destino, 'GBP')}`)
})

test('a quote is paid by Pix: the provider confirms it and the screen says it is paid', async ({ page, request }) => {
  await openSimulator(page, '/cambio?moeda=EUR')
  // The programme pages open it on their currency.
  await expect(page.getByRole('radio', { name: 'Euro (EUR)' })).toBeChecked()
  const cotacao = await simulate(page, 'Euro (EUR)', 'Euros (EUR)', 'Valor em euros (EUR)', '25000')
  await page.getByRole('button', { name: `Pagar ${money(cotacao.total)}` }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento' })).toBeFocused()
  await expect(page.getByRole('radio', { name: 'Pix' })).toBeChecked()

  const answer = page.waitForResponse((response) => response.url().endsWith('/cambio-real/payment/'))
  await page.getByRole('button', { name: 'Gerar código Pix' }).click()
  const charge = (await (await answer).json()) as { txid: string; valor: number; copia_e_cola: string }
  expect(charge.valor).toBe(cotacao.total)
  await expect(page.getByRole('img', { name: `QR code do Pix de ${money(cotacao.total)}` })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(charge.copia_e_cola)
  await expectNoAxeViolations(page)

  const confirmed = await request.post(`/dev/pix/confirm/${charge.txid}`)
  expect(confirmed.status()).toBe(200)
  expect(await confirmed.json()).toEqual({ confirmed: true })
  await expect(page.getByText('Pagamento confirmado')).toBeVisible()
  await expect(page.getByText(`Recebemos o Pix de ${money(cotacao.total)}. A compra de câmbio desta cotação está paga.`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Total a pagar' })).toContainText('Cotação paga')

  // The server holds it paid: the Pix answers the charge that paid it, a card is refused.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const headers = { authorization: `Bearer ${token}` }
  const pix = await request.post('/api/v1/cambio-real/payment/', { headers, data: { cotacao_id: cotacao.id } })
  expect(await pix.json()).toMatchObject({ txid: charge.txid, status: 'pago' })
  const card = await request.post('/api/v1/cambio-real/payment/credit-card/', {
    headers,
    data: {
      cotacao_id: cotacao.id,
      titular: 'CAMILA ROCHA',
      numero: '4111111111111111',
      validade_mes: 12,
      validade_ano: new Date().getFullYear() + 1,
      cvv: '123',
      parcelas: 1,
    },
  })
  expect(card.status()).toBe(409)
  expect(((await card.json()) as { detail: string }).detail).toBe('Esta cotação já está paga.')
})

test('a quote older than 15 minutes: the server’s message, and "Simular de novo" quotes again', async ({ page, request }) => {
  await openSimulator(page)
  const old = await simulate(page, 'Dólar americano (USD)', 'Reais (BRL)', 'Valor em reais (BRL)', '50000')
  // The quote was made 16 minutes ago as far as the server knows (this device still counts its 15).
  const aged = await request.post(`/dev/cambio/envelhecer/${old.id}`, { data: { minutos: 16 } })
  expect(aged.status()).toBe(200)

  await page.getByRole('button', { name: `Pagar ${money(old.total)}` }).click()
  const refused = page.waitForResponse((response) => response.url().endsWith('/cambio-real/payment/'))
  await page.getByRole('button', { name: 'Gerar código Pix' }).click()
  expect((await refused).status()).toBe(409)
  const message = page
    .getByRole('status')
    .filter({ hasText: 'Esta cotação expirou (vale 15 minutos). Simule de novo para ver a taxa atual.' })
  await expect(message).toBeVisible()
  await expect(page.getByRole('button', { name: 'Gerar código Pix' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  const answer = page.waitForResponse((response) => response.url().endsWith('/cambio-real/simulator-value/'))
  await message.getByRole('button', { name: 'Simular de novo' }).click()
  const fresh = (await (await answer).json()) as Cotacao
  expect(fresh.id).not.toBe(old.id)
  expect(fresh).toMatchObject({ moeda_origem: 'BRL', moeda_destino: 'USD', valor_origem: 50_000 })
  await expectQuote(page, fresh, 'dólar', 'USD')
  await expect(page.getByText('Esta cotação expirou', { exact: false })).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Pagar ${money(fresh.total)}` })).toBeEnabled()
})

test('the device counts the 15 minutes itself: past them the quote offers "Simular de novo" instead of paying', async ({ page }) => {
  await page.clock.install()
  await openSimulator(page)
  const cotacao = await simulate(page, 'Libra esterlina (GBP)', 'Libras (GBP)', 'Valor em libras (GBP)', '2000')
  await expect(page.getByRole('button', { name: `Pagar ${money(cotacao.total)}` })).toBeVisible()
  await page.clock.fastForward('14:50')
  await expect(page.getByRole('button', { name: `Pagar ${money(cotacao.total)}` })).toBeVisible()
  await page.clock.fastForward('00:20')
  await expect(page.getByText('Esta cotação expirou (vale 15 minutos). Simule de novo para ver a taxa atual.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pagar / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Simular de novo' })).toBeEnabled()
})

test('offline: the simulator says it needs a connection, keeps what was typed and waits', async ({ page, context }) => {
  await openSimulator(page)
  await page.getByRole('radio', { name: 'Reais (BRL)' }).check()
  await page.getByLabel('Valor em reais (BRL)').fill('123456')
  await context.setOffline(true)
  await expect(page.getByText('Simular o câmbio precisa de conexão com a internet', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Simular', exact: true })).toBeDisabled()
  await expect(page.getByLabel('Valor em reais (BRL)')).toHaveValue('1.234,56')
  await expectNoAxeViolations(page)
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Simular', exact: true })).toBeEnabled()
  await expect(page.getByLabel('Valor em reais (BRL)')).toHaveValue('1.234,56')
})
