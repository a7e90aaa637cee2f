import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, field, login } from './fixtures.ts'

/**
 * What a student chooses around an order (issue 12, issue 13), against the real server:
 * the book the level test suggests instead of the one ordered (nivelamento@, Diego
 * Rocha, no order and no test at the start) and the partnership discount coupon the next
 * order takes (cupom@, Clara Ribeiro, with EMPRESA10 — 10 % — attached by the seed).
 */
const money = (text: string) => text.replace(/ /g, '\u00a0')

// Each test walks two screens and back (and the level test) on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 })

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Neither account has a class: the screen is opened by its path (the class only names it). */
async function order(page: Page, codigo: string, books: string, total: string) {
  await page.goto(`/pedidos/create/1/${codigo}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Fazer pedido' })).toBeVisible()
  await choose(page, 'Quantidade de livros', books)
  await expect(page.getByRole('region', { name: 'Valores' }).getByText(money(total), { exact: true })).toBeVisible()
  await field(page, 'Bairro').fill('Centro')
  await field(page, 'Cidade').fill('Salvador')
  await choose(page, 'Estado (UF)', 'BA')
  await page.getByRole('button', { name: money(`Fazer pedido de ${total}`) }).click()
}

test('after the level test, /pedidos suggests the book it indicated; switching shows the new book at its price', async ({ page }) => {
  await login(page, 'nivelamento@example.com', 'demo1234')
  await expect(page).toHaveURL(/\/dashboard$/)
  // Intermediário 3 takes the level test first: the order waits for it.
  await order(page, 'ING-INT3', '2 livros', 'R$ 862,00')
  const waiting = page.getByRole('heading', { name: /^Pedido PV-\d+ aguardando o teste de nivelamento$/ })
  await expect(waiting).toBeFocused()
  const numero = (await waiting.textContent())!.split(' ')[1]!

  // The test finished with no answer: Pré-A1, whose book in the demo is Intermediário 1.
  await page.goto('/english-test')
  await page.getByRole('button', { name: 'Iniciar teste' }).click()
  await page.getByRole('button', { name: 'Finalizar teste' }).click()
  await page.getByRole('dialog', { name: 'Finalizar o teste?' }).getByRole('button', { name: 'Finalizar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Seu resultado' })).toBeFocused()

  await page.goto('/pedidos')
  const card = page.getByRole('article').filter({ hasText: numero })
  await expect(card).toContainText('Livro Inglês Intermediário 3')
  await expect(card).toContainText('Aguardando pagamento')
  await expect(card).toContainText('Seu teste indicou o livro Inglês Intermediário 1.')
  await expectNoAxeViolations(page)
  await card.getByRole('button', { name: `Trocar o pedido ${numero} para o livro Inglês Intermediário 1` }).click()

  await expect(page.getByRole('status').filter({ hasText: `Pedido ${numero} trocado para o livro Inglês Intermediário 1.` })).toBeVisible()
  const switched = page.getByRole('article', { name: 'Livro Inglês Intermediário 1' }).filter({ hasText: numero })
  // D12 prices every book alike: 2 books are still R$ 862,00.
  await expect(switched).toContainText(money('R$ 862,00'))
  await expect(switched).toContainText('Aguardando pagamento')
  await expect(switched).not.toContainText('Seu teste indicou')
  // The server kept it: after a reload the order is still the new book.
  await page.reload()
  await expect(page.getByRole('article', { name: 'Livro Inglês Intermediário 1' }).filter({ hasText: numero })).toContainText(
    money('R$ 862,00'),
  )
})

test('a student with a partnership coupon sees it on the order screen, orders at the discounted total, and the next order has none', async ({
  page,
}) => {
  await login(page, 'cupom@example.com', 'demo1234')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/pedidos/create/1/ING-INT1')
  await choose(page, 'Quantidade de livros', '3 livros')
  const prices = page.getByRole('region', { name: 'Valores' })
  // 3 books: R$ 1.233,00 after D12; EMPRESA10 takes 10 % off → R$ 1.109,70.
  await expect(prices.getByText(money('R$ 1.109,70'), { exact: true })).toBeVisible()
  await expect(prices).toContainText('Cupom EMPRESA10 (10%)')
  await expect(prices).toContainText(money('−R$ 123,30'))
  await expect(prices).toContainText(money('R$ 369,90 por livro'))
  await expectNoAxeViolations(page)
  await field(page, 'Bairro').fill('Centro')
  await field(page, 'Cidade').fill('Porto Alegre')
  await choose(page, 'Estado (UF)', 'RS')
  await page.getByRole('button', { name: money('Fazer pedido de R$ 1.109,70') }).click()
  const created = page.getByRole('heading', { name: /^Pedido PV-\d+ feito$/ })
  await expect(created).toBeFocused()
  const numero = (await created.textContent())!.split(' ')[1]!
  await expect(page.getByText(money('Livro Inglês Intermediário 1 · R$ 1.109,70'))).toBeVisible()

  await page.getByRole('link', { name: 'Ver meus pedidos' }).click()
  await expect(page.getByRole('article').filter({ hasText: numero })).toContainText(money('R$ 1.109,70'))

  // The club's coupon box says which order took it.
  await page.goto('/knn-club/juntar-pontos')
  await expect(page.getByTestId('club-coupon')).toContainText(`10% de desconto usado no pedido ${numero}`)
  await expect(page.getByTestId('club-coupon')).not.toContainText('Válido até')

  // The coupon was used once: the next order pays D12's price with no coupon line.
  await page.goto('/pedidos/create/1/ING-INT1')
  await choose(page, 'Quantidade de livros', '3 livros')
  await expect(prices.getByText(money('R$ 1.233,00'), { exact: true })).toBeVisible()
  await expect(prices).not.toContainText('Cupom')
})
