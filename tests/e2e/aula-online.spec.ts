import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  isSyncAnswer,
  login,
  mainNav,
  NEW_STUDENT,
  serviceWorkerInControl,
  startSignedIn,
  withServiceWorker,
} from './fixtures.ts'

/**
 * Online classes (issue 10) against the real server and its demo data: Ana's Espanhol
 * class has one open since the server started, her Intermediário 2 one three hours later,
 * a past one she attended and one she missed.
 */

const OPEN = 'Conversación — Presentaciones'
const LATER = 'Conversation club — Travel stories'
const ATTENDED = 'Gramática — Ser y estar'
/** The demo's meeting service is fictitious: the new tab gets a page of ours. */
const MEETING = /^https:\/\/meet\.example\.com\//

/** From the drawer's entry (/aula-online, which redirects to the list): focus lands on the h1. */
async function openList(page: Page) {
  const synced = page.waitForResponse((r) => r.url().includes('/api/v1/at-home/aulas-online/') && isSyncAnswer(r))
  await (await mainNav(page)).getByRole('link', { name: 'Aulas online' }).click()
  await expect(page).toHaveURL(/\/aula-online\/list$/)
  await synced
  await expect(page.getByRole('heading', { level: 1, name: 'Aulas online' })).toBeFocused()
}

/** The id of Marina's online class (another student's), read with her own login, apart from the page. */
async function marinasClassId(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/v1/login/access-token/', {
    form: { username: 'marina.pereira@example.com', password: 'demo1234' },
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const aulas = await request.get('/api/v1/at-home/aulas-online/', { headers: { authorization: `Bearer ${access_token}` } })
  return ((await aulas.json()) as { id: number }[])[0]!.id
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name })
}

test.describe('online classes', () => {
  // Each walks several screens with axe passes on a machine shared with other runs.
  test.describe.configure({ timeout: 90_000 })

  test.beforeEach(async ({ context }) => {
    await context.route(MEETING, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Sala</title><h1>Sala de aula online</h1>' }),
    )
  })

  test("the list shows today's class first with its join button, then upcoming and past ones", async ({ page }) => {
    await startSignedIn(page, 'ana')
    await openList(page)
    const today = section(page, 'Aula de hoje')
    await expect(today.getByRole('heading', { level: 3, name: OPEN })).toBeVisible()
    await expect(today.getByText('Espanhol — Básico 1 · Professor(a): Diego Ramírez')).toBeVisible()
    await expect(today.getByText('Aberta')).toBeVisible()
    const join = today.getByRole('link', { name: `Entrar na aula ${OPEN} (abre em nova aba)` })
    await expect(join).toHaveAttribute('href', MEETING)
    await expect(join).toHaveAttribute('target', '_blank')
    await expect(join).toHaveAttribute('rel', /\bnoopener\b/)

    const upcoming = section(page, 'Próximas aulas')
    await expect(upcoming.getByRole('heading', { level: 3 }).first()).toHaveText(LATER)
    await expect(upcoming.getByRole('article', { name: LATER }).getByText('Agendada')).toBeVisible()
    // No join link before the window opens, on the list or anywhere.
    await expect(upcoming.getByRole('link', { name: /Entrar na aula/ })).toHaveCount(0)

    const past = section(page, 'Aulas anteriores')
    const attended = past.getByRole('article', { name: ATTENDED })
    await expect(attended.getByText('Encerrada')).toBeVisible()
    await expect(attended.getByText('Presença registrada')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('joining opens the meeting in a new tab and the server records attendance', async ({ page, context }) => {
    await startSignedIn(page, 'ana')
    await openList(page)
    await section(page, 'Aula de hoje')
      .getByRole('link', { name: `Ver detalhes da aula ${OPEN}` })
      .click()
    await expect(page).toHaveURL(/\/aula-online\/details\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(OPEN) })).toBeFocused()
    const facts = page.locator('dl.aula-facts')
    await expect(facts.getByText('Diego Ramírez')).toBeVisible()
    await expect(facts.getByText('Espanhol — Básico 1')).toBeVisible()
    await expect(facts.getByText(/, das \d\d:\d\d às \d\d:\d\d$/)).toBeVisible()
    await expectNoAxeViolations(page)

    const join = page.getByRole('link', { name: `Entrar na aula ${OPEN} (abre em nova aba)` })
    const recorded = page.waitForResponse((r) => r.url().includes('/presenca/') && r.request().method() === 'PUT')
    const [meeting] = await Promise.all([context.waitForEvent('page'), join.focus().then(() => page.keyboard.press('Enter'))])
    expect(meeting.url()).toMatch(MEETING)
    await expect(meeting.getByRole('heading', { name: 'Sala de aula online' })).toBeVisible()
    // noopener: the meeting page has no handle on the portal.
    expect(await meeting.evaluate(() => window.opener)).toBeNull()
    expect((await recorded).status()).toBe(200)
    await expect(page.getByRole('status').filter({ hasText: /^✓ Presença registrada às \d\d:\d\d$/ })).toBeVisible()

    // Read back from the server: a reload syncs the list again.
    const synced = page.waitForResponse((r) => r.url().endsWith('/api/v1/at-home/aulas-online/') && r.status() === 200)
    await page.reload()
    await synced
    await expect(page.getByText(/Presença registrada às \d\d:\d\d/)).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('before the window opens the details show a countdown and no join link', async ({ page }) => {
    await page.clock.install()
    await startSignedIn(page, 'ana')
    await openList(page)
    await section(page, 'Próximas aulas')
      .getByRole('link', { name: `Ver detalhes da aula ${LATER}` })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(LATER) })).toBeFocused()
    const timer = page.getByRole('timer')
    // Three hours after the server's start, the window 10 minutes before: 2 h 4x/5x min away.
    await expect(timer).toHaveText(/^A entrada abre em 2 h [0-5]\d min$/)
    await expect(page.getByText('O link da aula aparece 10 minutos antes do início.')).toBeVisible()
    await expect(page.getByRole('link', { name: /Entrar na aula/ })).toHaveCount(0)
    const before = await timer.textContent()
    await page.clock.fastForward('05:00')
    await expect(timer).not.toHaveText(before!)
    await expect(timer).toHaveText(/^A entrada abre em [12] h [0-5]\d min$/)
    await expectNoAxeViolations(page)
  })

  withServiceWorker(() => {
    test('offline after one visit the list and the details show what the device has; joining says why not', async ({ page, context }) => {
      await startSignedIn(page, 'ana')
      await openList(page)
      await expect(page.getByTestId('updated-at')).toBeVisible()
      // Offline-ready: the worker controls the page and the session kept its user.
      await serviceWorkerInControl(page)
      await page.waitForFunction(() => localStorage.getItem('portal-kept-user') !== null)

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByText('Você está sem internet. Mostrando os dados salvos no aparelho.')).toBeVisible()
      await expect(page.getByTestId('updated-at')).toBeVisible()
      const today = section(page, 'Aula de hoje')
      await expect(today.getByRole('heading', { level: 3, name: OPEN })).toBeVisible()
      await expect(today.getByRole('link', { name: /Entrar na aula/ })).toHaveCount(0)
      const disabled = today.getByRole('button', { name: 'Entrar na aula' })
      await expect(disabled).toHaveAttribute('aria-disabled', 'true')
      await expect(disabled).toHaveAccessibleDescription('Sem conexão: conecte-se à internet para entrar na aula.')
      await expect(section(page, 'Aulas anteriores').getByRole('article', { name: ATTENDED })).toBeVisible()
      await expectNoAxeViolations(page)

      await today.getByRole('link', { name: `Ver detalhes da aula ${OPEN}` }).click()
      await expect(page.locator('dl.aula-facts').getByText('Diego Ramírez')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Entrar na aula' })).toHaveAttribute('aria-disabled', 'true')
      await page.reload()
      await expect(page.locator('dl.aula-facts').getByText('Diego Ramírez')).toBeVisible()
      await expect(page.getByTestId('updated-at')).toBeVisible()
    })
  })

  test('a failed load shows the error with a retry that loads the list', async ({ page }) => {
    const LIST = '**/api/v1/at-home/aulas-online/'
    // The server's 5xx shape (server/http/errors.ts): its request id in the header and the body.
    const id = '5f1c2b7e-0d4a-4c1b-9e3f-2a6b8c0d1e2f'
    await page.route(LIST, (route) =>
      route.fulfill({ status: 500, headers: { 'X-Request-Id': id }, json: { detail: 'Erro interno do servidor', request_id: id } }),
    )
    await startSignedIn(page, 'ana')
    await (await mainNav(page)).getByRole('link', { name: 'Aulas online' }).click()
    const main = page.locator('main')
    await expect(main.getByText(/Erro ao carregar as aulas online|Erro interno do servidor/)).toBeVisible({ timeout: 20_000 })
    await expect(main.getByText('Nenhuma aula online')).toHaveCount(0)
    // The id to quote when she tells the school "deu erro".
    await expect(main.getByRole('alert')).toContainText(`Código do erro: ${id}`)
    await page.unroute(LIST)
    await main.getByRole('button', { name: 'Atualizar', exact: true }).click()
    await expect(section(page, 'Aula de hoje').getByRole('heading', { level: 3, name: OPEN })).toBeVisible()
  })

  test('a class the list does not hold is asked of its own endpoint; one that is not hers is "not found"', async ({ page, request }) => {
    await startSignedIn(page, 'ana')
    await openList(page)
    // Marina's class: a real id, not Ana's. The list lacks it, so the details ask the server.
    const hers = page.waitForResponse((r) => /\/api\/v1\/at-home\/aulas-online\/\d+\/$/.test(r.url()))
    await page.goto(`/aula-online/details/${await marinasClassId(request)}`)
    expect((await hers).status()).toBe(404)
    await expect(page.locator('main').getByText('Não encontramos esta aula entre as suas aulas online.')).toBeVisible()
    await expect(page.getByText(/Entrar na aula/)).toHaveCount(0)
  })

  test('a student with no class sees "Nenhuma aula online" once the server said so', async ({ page }) => {
    await login(page, NEW_STUDENT.username, NEW_STUDENT.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/at-home/aulas-online/') && r.status() === 200)
    await (await mainNav(page)).getByRole('link', { name: 'Aulas online' }).click()
    expect(await (await answered).json()).toEqual([])
    await expect(page.locator('main').getByText('Nenhuma aula online', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expectNoAxeViolations(page)
  })
})
