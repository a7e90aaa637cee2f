import { expect, test, type Page } from '@playwright/test'
import { field, mainNav, STUDENT } from './fixtures.ts'

/**
 * Issue 9 journey 2 against the real server: book-code login (/login/form, D8). Codes
 * are the demo's (server/areas/books/seed.ts); each test uses books no other test uses.
 */

/** Ana's book from the school, not used yet. */
const ANA_NEW_BOOK = '8d3e2b7c-1a4f-4c9e-b5d6-7e8f9a0b1c23'
/** Ana's book, linked already. */
const ANA_LINKED_BOOK = '2a7b9c4d-6e1f-4a3b-8c5d-9e0f1a2b3c41'
/** An empty book ("Inglês Intermediário 1"), only this spec's. */
const EMPTY_BOOK = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e51'

const bookInfo = (page: Page) => page.evaluate(() => localStorage.getItem('bookInfo'))

async function submitBookCode(page: Page, username: string, code?: string) {
  await field(page, 'E-mail ou CPF').fill(username)
  if (code !== undefined) await field(page, 'Código do livro').fill(code)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('an existing account with a new book from the school is logged in and the book linked', async ({ page }) => {
  await page.goto('/login/main')
  await page.getByRole('link', { name: 'Entrar com o código do livro' }).click()
  await expect(page).toHaveURL('/login/form')
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar com o livro' })).toBeVisible()
  await submitBookCode(page, STUDENT.username, ANA_NEW_BOOK.toUpperCase())
  await expect(page).toHaveURL('/dashboard')
  // Not an empty book: its flow is over, nothing of it stays on the device.
  expect(await bookInfo(page)).toBeNull()

  await page.goto('/me')
  const books = page.getByRole('region', { name: 'Meus livros' })
  const linked = books.getByRole('listitem').filter({ hasText: 'Inglês Intermediário 3' })
  await expect(linked).toBeVisible()
  await expect(linked.getByText(/^Vinculado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible()
  await expect(linked.getByText(`Código: ${ANA_NEW_BOOK}`)).toBeVisible()
})

test('a new person with an empty book (kept by the QR screen) creates a profile with the drawer hidden, then lands on the dashboard', async ({
  page,
}) => {
  // A long walk (login, profile creation, the tour, two more screens): it ran past 60 s in a
  // clean-clone CI run on 2 cores beside the other worker, with the last step on screen.
  test.setTimeout(120_000)
  // /login/qr-code stores the code it read and comes here (D8).
  await page.goto('/login/main')
  await page.evaluate((uuid) => localStorage.setItem('bookInfo', JSON.stringify({ uuid })), EMPTY_BOOK)
  await page.goto('/login/form')
  await expect(page.getByText('Código lido do QR code do livro.')).toBeVisible()
  await expect(field(page, 'Código do livro')).toHaveValue(EMPTY_BOOK)
  const email = `livro.novo.${Date.now()}@example.com`
  await submitBookCode(page, email)

  await expect(page).toHaveURL('/profile-creation/new-user')
  await expect(page.getByRole('heading', { level: 1, name: 'Crie seu perfil' })).toBeVisible()
  await expect(page.getByText(`Código do livro: ${EMPTY_BOOK}`)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0)
  expect(JSON.parse((await bookInfo(page))!)).toEqual({ uuid: EMPTY_BOOK, isEmpty: true })
  // The flow survives a reload, and every other path leads back to it.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Crie seu perfil' })).toBeVisible()
  await page.goto('/financial')
  await expect(page).toHaveURL('/profile-creation/new-user')

  await page.getByRole('link', { name: 'Criar meu perfil' }).click()
  await expect(page).toHaveURL('/profile-creation/form')
  await expect(page.getByRole('heading', { level: 1, name: 'Crie seu perfil' })).toBeFocused()
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0)
  // SPEC §5 texts for what is missing.
  await page.getByRole('button', { name: 'Salvar dados' }).click()
  await expect(page.getByText('Este campo é obrigatório').first()).toBeVisible()
  await expect(field(page, 'Nome completo')).toBeFocused()

  await field(page, 'Nome completo').fill('Joana Livro Novo')
  await field(page, 'E-mail').fill(email)
  await field(page, 'Telefone').fill('21998765432')
  await field(page, 'CPF').fill('52998224725')
  await field(page, 'Data de nascimento').fill('20/05/1995')
  await field(page, 'CEP').fill('20040-002')
  await expect(field(page, 'Rua')).toHaveValue('Avenida Rio Branco')
  await field(page, 'Número').fill('10')
  await page.getByRole('button', { name: 'Salvar dados' }).click()

  await expect(page).toHaveURL('/dashboard')
  expect(await bookInfo(page)).toBeNull()
  // A new account: the dashboard's guided tour welcomes her (SPEC §2); she closes it early.
  await expect(page.getByRole('dialog').getByText('Boas-vindas ao portal!')).toBeVisible()
  page.once('dialog', (question) => void question.accept())
  await page.keyboard.press('Escape')
  await expect(page.getByText('Boas-vindas ao portal!')).toHaveCount(0)
  // A complete account of the book's school now: the menu is back, the book is hers.
  await mainNav(page)
  await page.goto('/me')
  await expect(page.locator('.profile-list').getByText('Joana Livro Novo')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Meus livros' }).getByText('Inglês Intermediário 1')).toBeVisible()
  await page.goto('/profile-creation')
  await expect(page).toHaveURL('/dashboard')
})

test('an unknown, a claimed or a malformed code gets a clear message and nobody is logged in', async ({ page }) => {
  await page.goto('/login/form')
  await submitBookCode(page, 'alguem@example.com', 'abc')
  await expect(page.getByText('Código do livro inválido')).toBeVisible()
  await expect(field(page, 'Código do livro')).toBeFocused()

  await submitBookCode(page, 'alguem@example.com', '00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('alert').filter({ hasText: 'Livro não encontrado. Confira o código impresso no livro.' })).toBeVisible()
  await expect(page).toHaveURL('/login/form')

  await submitBookCode(page, 'outra.pessoa@example.com', ANA_LINKED_BOOK)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Este livro já está vinculado a uma conta. Entre com seu e-mail e senha.' }),
  ).toBeVisible()
  await expect(page).toHaveURL('/login/form')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await page.getByRole('link', { name: 'Entrar com e-mail e senha' }).click()
  await expect(page).toHaveURL('/login/main')
})
