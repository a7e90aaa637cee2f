import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, startSignedIn, withServiceWorker } from './fixtures.ts'
import {
  ANA,
  atividade,
  chooseFile,
  ESPANHOL,
  INGLES,
  openAtividades,
  outboxItem,
  serverFiles,
  signIn,
  turmaIdOf,
} from './outbox-helpers.ts'

/**
 * The activities of a class (issue 10): statement, due date, sent files and the
 * teacher's correction with downloads, delete with a confirmation, presence, files checked
 * before they are queued, and the honest states of an offline entity.
 */

test.describe.configure({ timeout: 90_000 })

test('reached from the class list: heading focused, statements, corrections, axe 0', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await page.goto('/pedagogico/list')
  await page.getByRole('link', { name: `Atividades de ${INGLES}` }).click()
  const heading = page.getByRole('heading', { level: 1, name: /Atividades/ })
  await expect(heading).toBeVisible()
  await expect(heading).toBeFocused()
  await expect(heading).toContainText(INGLES)

  const writing = atividade(page, 'Writing — My last holidays')
  await expect(writing).toContainText('Escreva um texto de 120 a 150 palavras')
  await expect(writing).toContainText(/Entrega até \d{2}\/\d{2}\/\d{4}/)
  await expect(writing.getByTestId('arquivo')).toContainText('Redação — férias.pdf')
  await expect(writing.getByTestId('arquivo')).toContainText(/Ref\. ENV-\d+ · recebido em/)
  await expect(writing.getByTestId('correcao')).toContainText('Ótimo texto!')
  // Corrected: the sent file can no longer be deleted.
  await expect(writing.getByRole('button', { name: /^Excluir/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('presence in the class held now: recorded by the server once, shown with its time, kept after a reload', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await openAtividades(page, INGLES)
  // The demo's class starts when the school is seeded: its window is open for 3 hours.
  const aula = atividade(page, 'Conversation class — Travelling')
  await expect(aula).toContainText(/Aula em \d{2}\/\d{2}\/\d{4}/)
  const recorded = page.waitForResponse((r) => r.url().includes('/presenca-aluno/') && r.request().method() === 'PUT')
  await aula.getByRole('button', { name: 'Registrar presença' }).click()
  expect((await recorded).status()).toBe(200)
  await expect(page.getByText('Presença registrada.', { exact: true })).toBeVisible()
  const at = aula.getByText(/^Presença registrada em \d{2}\/\d{2}\/\d{4}/)
  await expect(at).toBeVisible()
  await expect(aula.getByRole('button', { name: 'Registrar presença' })).toHaveCount(0)
  const shown = await at.textContent()
  await page.reload()
  await expect(aula.getByText(/^Presença registrada em/)).toHaveText(shown!)
})

test('downloads the teacher’s correction with its name and bytes', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await openAtividades(page, INGLES)
  const writing = atividade(page, 'Writing — My last holidays')
  const downloading = page.waitForEvent('download')
  await writing.getByRole('button', { name: 'Baixar Correção — férias.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Correção — férias.pdf')
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')
})

test('delete asks first: Cancelar keeps the file, Excluir arquivo removes it on the server too (keyboard only)', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await openAtividades(page, ESPANHOL)
  const tarea = atividade(page, 'Tarea — Presentación personal')
  const remove = tarea.getByRole('button', { name: 'Excluir presentacion.pdf' })
  await remove.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Excluir arquivo?' })
  await expect(dialog).toContainText('presentacion.pdf será excluído')
  await expectNoAxeViolations(page)
  // The safe choice has the focus; Esc closes and gives the focus back.
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(remove).toBeFocused()
  await expect(tarea.getByTestId('arquivo')).toHaveCount(1)

  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Excluir arquivo' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(tarea.getByTestId('arquivo')).toHaveCount(0)
  await expect(tarea).toContainText('Nenhum arquivo enviado.')
  expect((await serverFiles(page, ESPANHOL)).filter((arquivo) => arquivo.nome === 'presentacion.pdf')).toHaveLength(0)
})

test('a file of a type not accepted is refused before it is queued', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await openAtividades(page, INGLES)
  const listening = atividade(page, 'Listening — Podcast, unit 5')
  await chooseFile(listening, { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('apenas texto') })
  await expect(listening.getByRole('alert')).toContainText('Tipo de arquivo não aceito. Envie PDF')
  // A PDF in name only (its bytes are not a PDF): refused the same way.
  await chooseFile(listening, { name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') })
  await expect(listening.getByRole('alert')).toContainText('Tipo de arquivo não aceito')
  await expect(outboxItem(listening, 'notas.txt')).toHaveCount(0)
  await expect(outboxItem(listening, 'falso.pdf')).toHaveCount(0)
  await page.goto('/envios-pendentes')
  await expect(page.getByRole('heading', { level: 1, name: 'Envios pendentes' })).toBeVisible()
  await expect(outboxItem(page, 'falso.pdf')).toHaveCount(0)
  await expectNoAxeViolations(page)
})

withServiceWorker(() => {
  test('honest states: a class never opened on this device, offline, says so; once opened it shows offline after a reload', async ({
    page,
    context,
  }) => {
    await signIn(page, ANA)
    const espanhol = await turmaIdOf(page, ESPANHOL)
    const ingles = await openAtividades(page, INGLES)
    await context.setOffline(true)
    await page.goto(`/pedagogico/atividades/${espanhol}`)
    await expect(page.getByText('Você está sem internet e ainda não há dados salvos neste aparelho.')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('atividade')).toHaveCount(0)

    await page.goto(`/pedagogico/atividades/${ingles}`)
    await expect(atividade(page, 'Writing — My last holidays')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('updated-at')).toContainText('Atualizado em')
    await expectNoAxeViolations(page)
  })
})

test('loading shows the skeleton of the cards until the answer', async ({ page }) => {
  await startSignedIn(page, 'ana')
  const id = await turmaIdOf(page, INGLES)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/turma-aluno-atividades/turma-aluno/*/', async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/pedagogico/atividades/${id}`)
  await expect(page.locator('[aria-busy="true"] .atividade-card')).toHaveCount(2)
  await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toBeAttached()
  release()
  await expect(atividade(page, 'Writing — My last holidays')).toBeVisible()
})
