import { expect, test, type Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  holdApi,
  login,
  mainNav,
  NEW_STUDENT,
  serviceWorkerInControl,
  startSignedIn,
  UNCONFIRMED,
  withServiceWorker,
} from './fixtures.ts'

/**
 * The English level test /english-test (issue 10) against the real server: the
 * timer is the server's, answers are saved as the student goes (kept on the device while
 * offline), a reload resumes at the same question, the result and level are the server's.
 */

const position = (page: Page) => page.getByText(/^Questão \d+ de 20$/)
const option = (page: Page, text: string) => page.getByRole('radio', { name: text, exact: true })
const saved = (page: Page) => page.getByText('Respostas salvas no servidor.')

/** "29:41" → seconds. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.locator('.english-test__timer time').textContent()) ?? ''
  const [minutes, seconds] = text.split(':').map(Number)
  return minutes! * 60 + seconds!
}

/**
 * Chooses `text` and waits until the server has the answer and the device has stored the
 * server's reply: that reply's arrival on the device's clock sets the timer, so a test
 * that moves the clock must not move it while the reply is still being stored.
 */
async function answer(page: Page, text: string) {
  const put = page.waitForResponse((response) => response.url().includes('/respostas/') && response.request().method() === 'PUT')
  await option(page, text).check()
  expect((await put).status()).toBe(200)
  await expect(saved(page)).toBeVisible()
}

test.describe('English level test', () => {
  withServiceWorker(() => {
    test('start, answer, reload back at the same question with the timer going on, offline answer sent later, finish, level from the server', async ({
      page,
      context,
    }) => {
      // A long walk on a machine shared by several runs.
      test.setTimeout(150_000)
      await startSignedIn(page, 'ana')
      await serviceWorkerInControl(page)

      // From the drawer: the screen's heading takes focus.
      await (await mainNav(page)).getByRole('link', { name: 'English test' }).click()
      await expect(page).toHaveURL(/\/english-test$/)
      const heading = page.getByRole('heading', { level: 1, name: 'Teste de nivelamento de inglês' })
      await expect(heading).toBeFocused()
      await expect(page.getByText('20 questões de múltipla escolha, do básico (A1) ao avançado (C1).')).toBeVisible()
      await expect(page.getByText(/^30 minutos para responder\./)).toBeVisible()
      await expectNoAxeViolations(page)

      // Keyboard: the start button is reachable and works with Enter.
      const start = page.getByRole('button', { name: 'Iniciar teste' })
      await start.focus()
      await page.keyboard.press('Enter')
      await expect(position(page)).toHaveText('Questão 1 de 20')
      await expect(page.getByRole('heading', { level: 2, name: /My sister ___ a teacher\./ })).toBeVisible()
      expect(await secondsLeft(page)).toBeGreaterThan(29 * 60)

      await answer(page, 'is') // A1, right
      await page.getByRole('button', { name: 'Próxima' }).click()
      await expect(position(page)).toHaveText('Questão 2 de 20')
      // Previous/next read the new question out: focus moves to it.
      await expect(page.getByRole('heading', { level: 2, name: /you like coffee\?/ })).toBeFocused()
      await answer(page, 'Do') // right
      await page.getByRole('button', { name: 'Próxima' }).click()
      await answer(page, 'apple') // wrong (apples)
      await page.getByRole('button', { name: 'Próxima' }).click()
      await expect(position(page)).toHaveText('Questão 4 de 20')
      await expect(page.getByText('3 de 20 respondidas')).toBeVisible()
      await expect(saved(page)).toBeVisible()
      await expectNoAxeViolations(page)

      // Reload: the same question, the answers kept, the server's clock still running.
      const before = await secondsLeft(page)
      await page.waitForTimeout(2_000)
      await page.reload()
      await expect(position(page)).toHaveText('Questão 4 de 20')
      await expect(page.getByText('3 de 20 respondidas')).toBeVisible()
      const after = await secondsLeft(page)
      expect(after).toBeLessThan(before)
      expect(after).toBeGreaterThan(before - 30)
      await page.getByRole('button', { name: 'Anterior' }).click()
      await expect(option(page, 'apple')).toBeChecked()
      await page.getByRole('button', { name: 'Próxima' }).click()

      // Offline: the answer stays on the device, the timer keeps going; back online it is sent.
      await context.setOffline(true)
      await option(page, 'at').check() // A1, right
      await expect(page.getByText(/^Sem conexão: 1 resposta guardada neste aparelho\./)).toBeVisible()
      await expect(page.getByText('4 de 20 respondidas')).toBeVisible()
      const sent = page.waitForResponse((response) => response.url().includes('/respostas/') && response.status() === 200)
      await context.setOffline(false)
      await sent
      await expect(saved(page)).toBeVisible()

      // Finish, with confirmation.
      await page.getByRole('button', { name: 'Finalizar teste' }).click()
      const confirm = page.getByRole('dialog', { name: 'Finalizar o teste?' })
      await expect(confirm).toContainText('Você respondeu 4 de 20 questões.')
      await expectNoAxeViolations(page)
      await confirm.getByRole('button', { name: 'Finalizar', exact: true }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Seu resultado' })).toBeFocused()
      // A1 3 of 4 (reached), A2 none: A1.
      await expect(page.getByText('Seu nível: A1 (básico)')).toBeVisible()
      await expect(page.getByText('3 acertos em 20 questões')).toBeVisible()
      await expect(page.getByText(/^Você poderá refazer o teste a partir de /)).toBeVisible()
      await expectNoAxeViolations(page)

      // Read back from the server after a reload.
      const state = page.waitForResponse((response) => /\/api\/v1\/english-test\/$/.test(response.url()) && response.status() === 200)
      await page.reload()
      const body = (await (await state).json()) as { tentativa: { resultado: { nivel: string; acertos: number } }; pode_iniciar: boolean }
      expect(body.tentativa.resultado).toMatchObject({ nivel: 'A1', acertos: 3 })
      expect(body.pode_iniciar).toBe(false)
      await expect(page.getByText('Seu nível: A1 (básico)')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Iniciar teste' })).toHaveCount(0)
    })
  })

  test('time over: announced at 5 and 1 minute left, then the test ends with what was answered', async ({ page }) => {
    test.setTimeout(90_000)
    await page.clock.install()
    await login(page, NEW_STUDENT.username, NEW_STUDENT.password)
    await expect(page).not.toHaveURL(/\/login/)
    await page.goto('/english-test')
    await page.getByRole('button', { name: 'Iniciar teste' }).click()
    await expect(position(page)).toHaveText('Questão 1 de 20')
    await answer(page, 'is') // right
    await page.getByRole('button', { name: 'Próxima' }).click()
    await answer(page, 'Does') // wrong
    await page.getByRole('button', { name: 'Próxima' }).click()
    await answer(page, 'apples') // right

    const live = page.locator('[aria-live="assertive"]')
    await expect(live).toHaveText('')
    await page.clock.fastForward('25:30')
    await expect(live).toHaveText('Faltam 5 minutos para o fim do teste.')
    await page.clock.fastForward('03:45')
    await expect(live).toHaveText('Falta 1 minuto para o fim do teste.')
    const finished = page.waitForResponse((response) => response.url().includes('/finalizar/'))
    await page.clock.fastForward('01:00')
    expect((await finished).status()).toBe(200)

    await expect(page.getByText('O tempo acabou: o teste foi corrigido com as respostas salvas até o fim do tempo.')).toBeVisible()
    await expect(page.getByText('2 acertos em 20 questões')).toBeVisible()
    await expect(page.getByText('Seu nível: Pré-A1 (iniciante)')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  withServiceWorker(() => {
    test('honest states: not yet on this device offline, an error with a retry, the device’s copy on lie-fi', async ({ page, context }) => {
      test.setTimeout(90_000)
      const intro = page.getByRole('heading', { level: 2, name: 'Como funciona' })
      await login(page, UNCONFIRMED.username, UNCONFIRMED.password)
      await expect(page).not.toHaveURL(/\/login/)
      await serviceWorkerInControl(page)

      // Never loaded on this device and offline: says so, no skeleton forever, no fake intro.
      await context.setOffline(true)
      await (await mainNav(page)).getByRole('link', { name: 'English test' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Teste de nivelamento de inglês' })).toBeFocused()
      await expect(
        page.getByText('Você está sem internet e ainda não há dados salvos neste aparelho. Conecte-se para carregar.'),
      ).toBeVisible()
      await expect(intro).toHaveCount(0)
      await expectNoAxeViolations(page)

      // Back online, the server refuses (500): an error with a retry that works.
      let fail = true
      await page.route('**/api/v1/english-test/', (route) =>
        fail
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Erro interno do servidor"}' })
          : route.continue(),
      )
      await context.setOffline(false)
      await expect(page.getByRole('alert')).toHaveText('Erro interno do servidor')
      await expect(intro).toHaveCount(0)
      fail = false
      await page.getByRole('button', { name: 'Atualizar' }).click()
      await expect(intro).toBeVisible()
      await page.unroute('**/api/v1/english-test/')

      // A reload on lie-fi: the device's copy at once (stored above), never a blank screen.
      const held = await holdApi(page, '**/api/v1/english-test/')
      await page.reload()
      await expect(intro).toBeVisible()
      await expect(page.getByText('20 questões de múltipla escolha, do básico (A1) ao avançado (C1).')).toBeVisible()
      await held.release()
    })
  })
})
