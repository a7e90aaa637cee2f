import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, holdApi, login, serviceWorkerInControl } from './fixtures.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * /pedidos/create/{id}/{codigoProduto}'s honest states (issue 4, issue 12) against the
 * real server: a skeleton of the product box while the product is slow to come, the error
 * with "Tentar de novo" that works, and "conecte-se" offline when it never loaded. pedido@
 * (Renata Campos) only looks here: nothing is ordered.
 */
const PRODUCT_API = '**/api/v1/master/products/**'
const SCREEN = '/pedidos/create/1/ING-INT1'

async function signIn(page: Page) {
  await login(page, 'pedido@example.com', 'demo1234')
  await expect(page).toHaveURL(/\/dashboard$/)
}

const productBox = (page: Page) => page.getByRole('region', { name: 'Produto' })
const skeletonBox = (page: Page) => page.locator('.order-product[aria-hidden="true"]')

test('while the product is slow, the product box is a skeleton of its size; then the product', async ({ page }) => {
  await signIn(page)
  const slow = await holdApi(page, PRODUCT_API)
  await page.goto(SCREEN)
  await expect(page.getByRole('heading', { level: 1, name: 'Fazer pedido' })).toBeVisible()
  await expect(skeletonBox(page)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Carregando…' })).toHaveCount(1)
  await expect(productBox(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Fazer pedido de/ })).toHaveCount(0)
  await expect.poll(() => slow.held.length).toBeGreaterThan(0)
  const skeletonHeight = (await skeletonBox(page).boundingBox())!.height

  await slow.release()
  await expect(productBox(page).getByRole('heading', { name: 'Inglês Intermediário 1' })).toBeVisible()
  await expect(skeletonBox(page)).toHaveCount(0)
  // The skeleton held the product's place: the box does not jump when it arrives.
  const loadedHeight = (await productBox(page).boundingBox())!.height
  expect(Math.abs(loadedHeight - skeletonHeight)).toBeLessThanOrEqual(24)
})

test('an error answer says so with "Tentar de novo", which loads the product', async ({ page }) => {
  await signIn(page)
  let failing = true
  await page.route(PRODUCT_API, (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.continue(),
  )
  await page.goto(SCREEN)
  // The client retries a server error twice before it says so.
  await expect(page.getByText('Erro ao carregar o produto')).toBeVisible()
  await expect(productBox(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Fazer pedido de/ })).toHaveCount(0)

  failing = false
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(productBox(page).getByRole('heading', { name: 'Inglês Intermediário 1' })).toBeVisible()
  await expect(page.getByText('Erro ao carregar o produto')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Fazer pedido de/ })).toBeVisible()
})

test('the error state has no accessibility violations', async ({ page }) => {
  // Its own test: while axe runs, the query's own retries keep going, so a recovery switched
  // on after it could load the product before "Tentar de novo" is pressed.
  await signIn(page)
  await page.route(PRODUCT_API, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }))
  await page.goto(SCREEN)
  await expect(page.getByText('Erro ao carregar o produto')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('offline and never loaded, it says to connect (no skeleton, no empty); back online the product comes', async ({ page, context }) => {
  await signIn(page)
  await serviceWorkerInControl(page)
  await context.setOffline(true)
  await page.goto(SCREEN)
  await expect(page.getByRole('heading', { level: 1, name: 'Fazer pedido' })).toBeVisible()
  await expect(page.getByText('Os livros e os preços vêm do servidor: conecte-se para fazer um pedido.')).toBeVisible()
  await expect(skeletonBox(page)).toHaveCount(0)
  await expect(productBox(page)).toHaveCount(0)

  await context.setOffline(false)
  await expect(productBox(page).getByRole('heading', { name: 'Inglês Intermediário 1' })).toBeVisible()
  await expect(page.getByText(/conecte-se para fazer um pedido/)).toHaveCount(0)
})

test('the invoice CEP fills the address from the postal-code service, and says when the CEP is unknown or the service cannot be reached (issue 40 item 7)', async ({
  page,
}) => {
  await signIn(page)
  await page.goto(SCREEN)
  await expect(productBox(page).getByRole('heading', { name: 'Inglês Intermediário 1' })).toBeVisible()
  const cep = page.getByRole('textbox', { name: 'CEP' })
  const status = page.locator('#order-cep-status')
  await expect(cep).toHaveAttribute('aria-describedby', /order-cep-status/)

  // The service cannot be reached (the stand-in closes the connection): said in words, and the fields are typed.
  await cep.fill('33333333')
  await expect(status).toHaveText('Não foi possível buscar o endereço deste CEP agora. Preencha os campos abaixo.')
  await expect(status).toHaveAttribute('role', 'status')
  await page.getByRole('textbox', { name: 'Bairro' }).fill('Centro')
  await page.getByRole('textbox', { name: 'Cidade' }).fill('Curitiba')
  await page.getByRole('combobox', { name: 'Estado (UF)' }).click()
  await page.getByRole('option', { name: 'PR', exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Centro')
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('Curitiba')
  await expect(page.getByRole('combobox', { name: 'Estado (UF)' })).toContainText('PR')
  await expectNoAxeViolations(page)

  // A CEP the service does not know is told apart from an unreachable service.
  await cep.fill('99999999')
  await expect(status).toHaveText('CEP não encontrado. Confira o número ou preencha o endereço abaixo.')

  // A known CEP fills the street, district, city and state; they stay editable.
  await cep.fill('01310100')
  await expect(status).toHaveText('Endereço do CEP: Bela Vista, São Paulo/SP. Confira os campos abaixo e informe o número.')
  await expect(page.getByRole('textbox', { name: 'Rua' })).toHaveValue('Avenida Paulista')
  await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Bela Vista')
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo')
  await expect(page.getByRole('combobox', { name: 'Estado (UF)' })).toContainText('SP')
  await page.getByRole('textbox', { name: 'Bairro' }).fill('Cerqueira César')
  await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Cerqueira César')
})
