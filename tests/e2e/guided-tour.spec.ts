import { expect, test, type Page } from '@playwright/test'
import { login, mainNav } from './fixtures.ts'

/**
 * Issue 9 journey 8 against the real server: the guided tours of SPEC §2 on the one demo
 * account that has not seen them. The tests share that account's tour record in the
 * database, so they run in order: first visits, then every later visit on any browser.
 */
const TOUR_STUDENT = { username: 'tour@example.com', password: 'demo1234' }

test.describe.configure({ mode: 'serial' })
// Without the step animation the arrow keys act at once (driver.js ignores them mid-animation).
test.use({ reducedMotion: 'reduce' })

const popover = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.driver-popover-progress-text') })

async function expectStep(page: Page, title: string, progress: string) {
  const dialog = popover(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('.driver-popover-title')).toHaveText(title)
  await expect(dialog.locator('.driver-popover-progress-text')).toHaveText(progress)
  // driver.js shows the step's text before its move ends, in the next animation frame (also
  // without animation), and ignores keys until then: a frame requested now runs after it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Marks the element that has the focus now, to find it again after the tour. */
async function markFocus(page: Page) {
  const marked = await page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return null
    element.setAttribute('data-focus-before-tour', '')
    return element.textContent
  })
  expect(marked).not.toBeNull()
}

async function expectFocusBack(page: Page) {
  await expect(page.locator('[data-focus-before-tour]')).toBeFocused()
}

/** No tour shows on this screen (waited past the 1 s start). */
async function expectNoTour(page: Page) {
  await page.waitForTimeout(2_000)
  await expect(page.locator('.driver-popover')).toHaveCount(0)
  await expect(page.locator('.driver-overlay')).toHaveCount(0)
}

function tourRecorded(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/api/v1/driver-tour/') && response.request().method() === 'POST')
}

test('dashboard: the tour starts about 1 s after the screen shows, goes by keyboard and asks "Fechar tour?" before closing early', async ({
  page,
}) => {
  await login(page, TOUR_STUDENT.username, TOUR_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeFocused()
  const shownAt = Date.now()
  await markFocus(page)
  await expect(page.locator('.driver-popover')).toHaveCount(0)

  await expectStep(page, 'Boas-vindas ao portal!', '1 de 5')
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(800)
  const dialog = popover(page)
  await expect(dialog.getByRole('button', { name: 'Próximo' })).toBeFocused()
  await expect(dialog.getByRole('button', { name: 'Anterior' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Fechar tour' })).toBeVisible()

  // Arrows move it; the home area is highlighted.
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Sua página inicial', '2 de 5')
  await expect(page.locator('[data-tour="dashboard-home"]')).toHaveClass(/driver-active-element/)
  await page.keyboard.press('ArrowLeft')
  await expectStep(page, 'Boas-vindas ao portal!', '1 de 5')
  // One step at a time: a key pressed while driver.js is still moving to a step is ignored.
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Sua página inicial', '2 de 5')
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Menu de navegação', '3 de 5')
  await expect(page.locator('#app-drawer')).toHaveClass(/driver-active-element/)

  // Tab stays in the tour's dialog; Enter presses the focused button.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.driver-popover')))).toBe(true)
  }
  await popover(page).getByRole('button', { name: 'Próximo' }).focus()
  await page.keyboard.press('Enter')
  await expectStep(page, 'Minimizar o menu', '4 de 5')
  await page.getByRole('button', { name: 'Anterior' }).click()
  await expectStep(page, 'Menu de navegação', '3 de 5')
  await page.getByRole('button', { name: 'Próximo' }).click()
  await expectStep(page, 'Minimizar o menu', '4 de 5')

  // Esc before the last step asks first; "Cancelar" keeps the same step.
  const questions: string[] = []
  page.once('dialog', (question) => {
    questions.push(question.message())
    void question.dismiss()
  })
  await page.keyboard.press('Escape')
  await expect.poll(() => questions).toEqual(['Fechar tour?'])
  await expectStep(page, 'Minimizar o menu', '4 de 5')

  // "OK" closes it, records it on the server and gives the focus back.
  page.once('dialog', (question) => {
    questions.push(question.message())
    void question.accept()
  })
  const recorded = tourRecorded(page)
  await page.keyboard.press('Escape')
  const response = await recorded
  expect(response.status()).toBe(200)
  expect(response.request().postDataJSON()).toEqual({ user_id: expect.any(Number), dashboard: true })
  expect((await response.json()).driver_tour).toEqual({ dashboard: true })
  expect(questions).toEqual(['Fechar tour?', 'Fechar tour?'])
  await expect(page.locator('.driver-popover')).toHaveCount(0)
  await expect(page.locator('.driver-overlay')).toHaveCount(0)
  await expectFocusBack(page)
  // The menu is usable again: nothing the tour marked stays on it.
  await expect(page.locator('.driver-active-element')).toHaveCount(0)

  // Not again after a reload.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoTour(page)
})

test('pedagogico list: its own tour, finished with "Concluir" from the keyboard without a question', async ({ page }) => {
  await login(page, TOUR_STUDENT.username, TOUR_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // A new browser for the same account: the dashboard's tour stays seen (the server's record).
  await expectNoTour(page)

  await (await mainNav(page)).getByRole('link', { name: 'Pedagógico' }).click()
  await expect(page).toHaveURL(/\/pedagogico\/list$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeFocused()
  await markFocus(page)
  await expectStep(page, 'Suas turmas', '1 de 3')
  await expect(page.locator('[data-tour="pedagogico-turmas"]')).toHaveClass(/driver-active-element/)
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Informações da turma', '2 de 3')
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Prática e notas', '3 de 3')
  const done = popover(page).getByRole('button', { name: 'Concluir' })
  await expect(done).toBeFocused()

  let asked = false
  page.on('dialog', (question) => {
    asked = true
    void question.dismiss()
  })
  const recorded = tourRecorded(page)
  await page.keyboard.press('Enter')
  expect((await recorded).status()).toBe(200)
  await expect(page.locator('.driver-popover')).toHaveCount(0)
  expect(asked).toBe(false)
  // Back on the heading it left, or on the same heading re-drawn when the classes arrived.
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeFocused()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible()
  await expectNoTour(page)
})

test('minha prática: the practice area’s tour points at the area, the activity types and the content, then says it is done', async ({
  page,
}) => {
  await login(page, TOUR_STUDENT.username, TOUR_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/pedagogico/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible()
  await expectNoTour(page)
  await page.getByRole('link', { name: 'Minha prática de Inglês — Básico 2' }).click()
  await expect(page).toHaveURL(/\/pedagogico\/minha-pratica\/\d+$/)
  await expect(page.getByRole('tab', { name: 'Áudios' })).toBeVisible()
  await expectStep(page, 'Sua área de prática', '1 de 4')
  await expect(page.locator('[data-tour="pratica-area"]')).toHaveClass(/driver-active-element/)
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Escolha a atividade', '2 de 4')
  await expect(page.locator('[data-tour="pratica-atividades"]')).toHaveClass(/driver-active-element/)
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Conteúdo', '3 de 4')
  await expect(page.locator('[data-tour="pratica-conteudo"]')).toHaveClass(/driver-active-element/)
  await page.keyboard.press('ArrowRight')
  await expectStep(page, 'Pronto para praticar!', '4 de 4')
  const recorded = tourRecorded(page)
  await popover(page).getByRole('button', { name: 'Concluir' }).press('Enter')
  expect((await recorded).status()).toBe(200)
  await expect(page.locator('.driver-popover')).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Áudios' })).toBeVisible()
  await expectNoTour(page)
})

test('never again for the account on another device: a fresh browser sees no tour on either screen', async ({ page }) => {
  await login(page, TOUR_STUDENT.username, TOUR_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expectNoTour(page)
  await page.goto('/pedagogico/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible()
  await expectNoTour(page)
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/v1/users/me/', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })
    return (await response.json()) as { driver_tour: Record<string, boolean> }
  })
  expect(me.driver_tour).toEqual({ dashboard: true, 'pedagogico-list': true, 'pedagogico-minha-pratica': true })
})
