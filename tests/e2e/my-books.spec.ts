import { expect, test } from '@playwright/test'
import { field, holdApi, login, NEW_STUDENT, serviceWorkerInControl, STUDENT, withServiceWorker } from './fixtures.ts'

/** Issue 9 journey 7 (books): "Meus livros" on /me against the real server (D8). */

/** An empty demo book ("Espanhol Básico 2"), only this spec's. */
const EMPTY_BOOK = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e52'

test('a student adds a book by its code and unlinks it after confirming', async ({ page }) => {
  test.setTimeout(60_000)
  await login(page, NEW_STUDENT.username, NEW_STUDENT.password)
  await expect(page).toHaveURL('/dashboard')
  // While the answer is on its way: "Carregando…" and bars, never "no books" (issue 7 honest states).
  const linked = await holdApi(page, '**/api/v1/users/book/')
  await page.goto('/me')
  const books = page.getByRole('region', { name: 'Meus livros' })
  await expect.poll(() => linked.held.length).toBeGreaterThan(0)
  await expect(books.getByRole('status').filter({ hasText: 'Carregando…' }).first()).toBeAttached()
  await expect(books.getByText('Nenhum livro vinculado à sua conta.')).toHaveCount(0)
  await linked.release()
  await expect(books.getByText('Nenhum livro vinculado à sua conta.')).toBeVisible()
  await expect(books.getByText('Suas turmas ainda não têm livros.')).toBeVisible()

  await books.getByRole('button', { name: 'Adicionar livro' }).click()
  await expect(books.getByText('Este campo é obrigatório')).toBeVisible()
  await field(page, 'Código do livro').fill('00000000-0000-4000-8000-000000000000')
  await books.getByRole('button', { name: 'Adicionar livro' }).click()
  await expect(books.getByRole('alert').filter({ hasText: 'Livro não encontrado. Confira o código impresso no livro.' })).toBeVisible()

  await field(page, 'Código do livro').fill(EMPTY_BOOK)
  await books.getByRole('button', { name: 'Adicionar livro' }).click()
  await expect(books.getByText('Livro “Espanhol Básico 2” vinculado à sua conta.')).toBeVisible()
  const item = books.getByRole('listitem').filter({ hasText: 'Espanhol Básico 2' })
  await expect(item.getByText(/^Vinculado em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible()
  await expect(field(page, 'Código do livro')).toHaveValue('')
  // Kept by the server: still there after a reload.
  await page.reload()
  await expect(item).toBeVisible()

  await item.getByRole('button', { name: 'Desvincular Espanhol Básico 2' }).click()
  await expect(item.getByText('Desvincular “Espanhol Básico 2” da sua conta? Outra pessoa poderá usar este livro.')).toBeVisible()
  await expect(item.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await item.getByRole('button', { name: 'Cancelar' }).click()
  await expect(item.getByRole('button', { name: 'Sim, desvincular' })).toHaveCount(0)
  await item.getByRole('button', { name: 'Desvincular Espanhol Básico 2' }).click()
  await item.getByRole('button', { name: 'Sim, desvincular' }).click()
  await expect(books.getByText('Nenhum livro vinculado à sua conta.')).toBeVisible()
  await page.reload()
  await expect(books.getByText('Nenhum livro vinculado à sua conta.')).toBeVisible()
})

withServiceWorker(() => {
  test("the books of the student's classes; an error says so with a retry; offline and never loaded says so", async ({ page, context }) => {
    test.setTimeout(60_000)
    await login(page, 'aluno@example.com', 'demo1234')
    await expect(page).toHaveURL('/dashboard')
    // The classes' books fail (retried a little) until the server is back.
    let failing = true
    await page.route('**/api/v1/at-home/meus-livros/', async (route) => {
      if (failing) await route.fulfill({ status: 500, json: { detail: 'Erro interno do servidor' } })
      else await route.continue()
    })
    await page.goto('/me')
    const books = page.getByRole('region', { name: 'Meus livros' })
    await expect(books.getByRole('alert')).toContainText('Erro interno do servidor', { timeout: 20_000 })
    failing = false
    await books.getByRole('button', { name: 'Tentar novamente' }).click()
    const atHome = books.getByRole('region', { name: 'Livros das suas turmas' })
    await expect(atHome.getByRole('listitem')).toHaveText([
      /Espanhol Básico 1.*Espanhol — Básico 1/,
      /Inglês Intermediário 2.*Inglês — Intermediário 2/,
      /KNN At Home — Inglês 1.*KNN At Home/,
    ])

    await serviceWorkerInControl(page)
    await context.setOffline(true)
    await page.reload()
    await expect(books.getByText('Seus livros aparecem aqui quando houver conexão.').first()).toBeVisible()
    await context.setOffline(false)
  })
})

test('while the lists load, each skeleton row has the height of the row that replaces it', async ({ page }) => {
  test.setTimeout(60_000)
  await login(page, STUDENT.username, STUDENT.password)
  await expect(page).toHaveURL('/dashboard')
  const held = await holdApi(page, /\/api\/v1\/(users\/book|at-home\/meus-livros)\/$/)
  await page.goto('/me')
  const books = page.getByRole('region', { name: 'Meus livros' })
  const firstRow = (name: string) => books.getByRole('region', { name }).locator('.my-books__item').first()
  const height = async (name: string) => (await firstRow(name).boundingBox())!.height
  await expect.poll(() => held.held.length).toBe(2)
  await expect(firstRow('Livros vinculados').locator('.ui-skeleton-text').first()).toBeVisible()
  const skeleton = { linked: await height('Livros vinculados'), atHome: await height('Livros das suas turmas') }

  await held.release()
  await expect(firstRow('Livros vinculados').getByRole('button', { name: /^Desvincular / })).toBeVisible()
  await expect(firstRow('Livros das suas turmas')).toContainText('Espanhol Básico 1')
  expect(Math.abs((await height('Livros vinculados')) - skeleton.linked)).toBeLessThanOrEqual(1)
  expect(Math.abs((await height('Livros das suas turmas')) - skeleton.atHome)).toBeLessThanOrEqual(1)
})
