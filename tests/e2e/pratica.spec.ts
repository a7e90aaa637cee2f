import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, holdApi, serviceWorkerInControl, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * The practice area (issue 10, /pedagogico/minha-pratica/{id}) on the real server, database
 * and service worker: audio lessons that play and keep their place, vocabulary, tests scored
 * and saved; content opened once usable offline (audio from the worker's cache) and a test
 * done offline sent once the connection returns.
 */

const CLASS = 'Inglês — Intermediário 2'

async function openPractice(page: Page) {
  await page.goto('/pedagogico/list')
  await page.getByRole('link', { name: `Minha prática de ${CLASS}` }).click()
  await expect(page).toHaveURL(/\/pedagogico\/minha-pratica\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: /Minha prática/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /Unit 4 — At the airport/ })).toBeVisible()
}

/** The player's position, once its track (by title) is the one loaded. */
function position(page: Page) {
  return page.locator('audio.pratica-player__audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)
}

async function playedPast(page: Page, track: string, seconds: number) {
  await expect(page.locator('audio.pratica-player__audio')).toHaveAttribute('aria-label', track)
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(seconds)
}

/** The caller's at-home grades of the class, read back from the server. */
async function atHomeGrades(page: Page): Promise<{ atividade: string; nota: number | null }[]> {
  return page.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` }
    const turmas: { nome: string; turma_aluno_id: number }[] = await (await fetch('/api/v1/at-home/turmas/', { headers })).json()
    const turma = turmas.find((candidate) => candidate.nome === name)!
    const notas = await (await fetch(`/api/v1/at-home/turma-aluno/${turma.turma_aluno_id}/notas/athome/`, { headers })).json()
    return notas.atividades
  }, CLASS)
}

test.describe('practice area', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 })

  test('plays audio lessons keeping each track’s place, lists the vocabulary, scores a test and saves it', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await openPractice(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await expect(page.getByRole('tab', { name: 'Áudios' })).toHaveAttribute('aria-selected', 'true')
    await expectNoAxeViolations(page)

    // Play the first track, move to the second, come back: it goes on from where it was.
    await page.getByRole('button', { name: /Unit 4 — At the airport/ }).click()
    await playedPast(page, 'Unit 4 — At the airport', 1.5)
    await page.getByRole('button', { name: /Unit 5 — A podcast about travelling/ }).click()
    await playedPast(page, 'Unit 5 — A podcast about travelling', 0.5)
    await page.getByRole('button', { name: /Unit 4 — At the airport/ }).click()
    await expect(page.locator('audio.pratica-player__audio')).toHaveAttribute('aria-label', 'Unit 4 — At the airport')
    await expect.poll(() => position(page)).toBeGreaterThanOrEqual(1.5)
    await page.getByRole('button', { name: 'Pausar' }).click()

    // Keyboard: the arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Áudios' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Vocabulário' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText('boarding pass', { exact: true })).toBeVisible()
    await expect(page.getByText('cartão de embarque')).toBeVisible()
    await expect(page.getByText('Please show your boarding pass at the gate.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Ouvir a pronúncia de boarding pass' })).toBeVisible()
    // A word without a recording has no button.
    await expect(page.getByRole('button', { name: 'Ouvir a pronúncia de to book' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    await page.getByRole('tab', { name: 'Testes' }).click()
    await expect(page.getByText(/Past simple — irregular verbs/).first()).toBeVisible()
    await page.getByRole('button', { name: 'Fazer o teste Past simple — irregular verbs' }).click()
    await page.getByRole('button', { name: 'Corrigir' }).click()
    await expect(page.getByRole('alert')).toHaveText('Responda todas as questões antes de corrigir.')
    const answer = (question: string, option: string) =>
      page
        .getByRole('group', { name: new RegExp(question) })
        .getByRole('radio', { name: option, exact: true })
        .check()
    await answer('Last summer we', 'went')
    await answer('a great film', 'saw')
    await answer('my keys', 'left')
    await answer('a lot of photos', 'taked')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Corrigir' }).click()
    await expect(page.getByTestId('pratica-score')).toHaveText('Você acertou 3 de 4. Nota 7,5.')
    await expect(page.getByText('Errada — resposta certa: took')).toBeVisible()
    await expect(page.getByText('Resultado salvo. Sua melhor nota neste teste: 7,5.')).toBeVisible()

    // On the server: the test's at-home grade is the score.
    expect(await atHomeGrades(page)).toContainEqual(
      expect.objectContaining({ atividade: 'Prática — Past simple — irregular verbs', nota: 7.5 }),
    )
    await page.getByRole('button', { name: 'Voltar aos testes' }).click()
    await expect(page.getByText('Melhor nota: 7,5')).toBeVisible()
  })

  withServiceWorker(() => {
    test('opened once, works offline: content, audio from the cache, and a test kept pending then sent once', async ({ page, context }) => {
      // Every answer of the server to a result send (none can come while offline), to the page
      // or to the service worker: the outbox sends from either (D16).
      const answers: number[] = []
      context.on('response', (response) => {
        if (response.url().includes('/pratica/teste/') && response.request().method() === 'POST') answers.push(response.status())
      })
      await startSignedIn(page, 'ana')
      await serviceWorkerInControl(page)
      await openPractice(page)
      // The audio files reach the worker's cache (fetched whole by the app).
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('pratica-audio')).keys()).length), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(3)

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: /Minha prática/ })).toBeVisible()
      await expect(page.getByRole('button', { name: /Unit 6 — Booking a hotel/ })).toBeVisible()
      await expect(page.getByTestId('updated-at')).toContainText('Atualizado em')
      await page.getByRole('button', { name: /Unit 6 — Booking a hotel/ }).click()
      await playedPast(page, 'Unit 6 — Booking a hotel', 0.5)
      await page.getByRole('button', { name: 'Pausar' }).click()

      await page.getByRole('tab', { name: 'Testes' }).click()
      await page.getByRole('button', { name: 'Fazer o teste Travel vocabulary' }).click()
      const answer = (question: string, option: string) =>
        page
          .getByRole('group', { name: new RegExp(question) })
          .getByRole('radio', { name: option, exact: true })
          .check()
      await answer('"Bagagem" in English', 'luggage')
      await answer('at the gate', 'boarding pass')
      await answer('leaves late', 'delayed')
      await page.getByRole('button', { name: 'Corrigir' }).click()
      await expect(page.getByTestId('pratica-score')).toHaveText('Você acertou 3 de 3. Nota 10,0.')
      await expect(
        page.getByText('Sem conexão: o resultado ficou guardado neste aparelho e será enviado quando a conexão voltar.'),
      ).toBeVisible()
      await expect(page.getByText('Travel vocabulary: nota 10,0 — será enviado quando a conexão voltar')).toBeVisible()
      await expectNoAxeViolations(page)

      // It waits in the outbox with the files: listed in "Envios pendentes".
      const practice = page.url()
      await page.goto('/envios-pendentes')
      const queued = page.getByTestId('outbox-item').filter({ hasText: 'Resultado do teste Travel vocabulary' })
      await expect(queued).toContainText('Aguardando conexão')
      await expect(queued).toContainText('Nota 10,0')

      // Still there after a reload with no connection.
      await page.goto(practice)
      await page.getByRole('tab', { name: 'Testes' }).click()
      await expect(page.getByText('Travel vocabulary: nota 10,0 — será enviado quando a conexão voltar')).toBeVisible()

      // Back online: sent by itself (by the page or the worker), stored once.
      await context.setOffline(false)
      await expect(page.getByText('Travel vocabulary: nota 10,0 — será enviado quando a conexão voltar')).toHaveCount(0, {
        timeout: 20_000,
      })
      await expect(page.getByText('Melhor nota: 10,0')).toBeVisible()
      await page.goto('/envios-pendentes')
      await expect(queued).toContainText('Enviado')
      await expect(queued.getByTestId('outbox-receipt')).toContainText('Resultado salvo. Melhor nota: 10,0')
      const grades = await atHomeGrades(page)
      expect(answers).toEqual([201])
      expect(grades.filter((grade) => grade.atividade === 'Prática — Travel vocabulary')).toEqual([expect.objectContaining({ nota: 10 })])
    })
  })

  withServiceWorker(() => {
    test('honest states: a skeleton while it loads, empty for a book without content, the server’s refusal with a retry, and nothing stored offline', async ({
      page,
      context,
    }) => {
      await startSignedIn(page, 'ana')
      await serviceWorkerInControl(page)
      await page.goto('/pedagogico/list')
      const hrefOf = (name: string) => page.getByRole('link', { name: `Minha prática de ${name}` }).getAttribute('href')
      const espanhol = (await hrefOf('Espanhol — Básico 1'))!
      const atHome = (await hrefOf('KNN At Home — Inglês'))!

      // Loading: the tabs and the rows of the real layout, busy, until the answer comes.
      const held = await holdApi(page, '**/api/v1/at-home/turma/*/pratica/')
      await page.getByRole('link', { name: 'Minha prática de Espanhol — Básico 1' }).click()
      await expect(page.locator('[aria-busy="true"] .pratica-tabs__list')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Carregando…' })).toBeAttached()
      await held.release()
      await expect(page.getByText('Ainda não há conteúdo de prática para o livro desta turma.')).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      await expectNoAxeViolations(page)
      expect(espanhol).toMatch(/\/pedagogico\/minha-pratica\/\d+$/)

      // A class that is not the student's: the server's words and a way to try again.
      await page.goto('/pedagogico/minha-pratica/999999')
      await expect(page.getByRole('alert')).toHaveText('Turma não encontrada', { timeout: 20_000 })
      await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible()
      await expectNoAxeViolations(page)

      // Offline, a class whose practice was never opened on this device.
      await context.setOffline(true)
      await page.goto(atHome)
      await expect(page.getByRole('heading', { level: 1, name: /Minha prática/ })).toBeVisible()
      await expect(
        page.getByText('Você está sem internet e ainda não há dados salvos neste aparelho. Conecte-se para carregar.'),
      ).toBeVisible({ timeout: 30_000 })
      await expectNoAxeViolations(page)
      await context.setOffline(false)
    })
  })
})
