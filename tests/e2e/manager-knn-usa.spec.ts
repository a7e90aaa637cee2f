import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import type { KnnUsaRequest, KnnUsaRequestGestao, TurmaUsa } from '../../src/contract/schemas/knn-usa.ts'
import { bearer, expectNoAxeViolations, expectPanelErrorRetry, login, MANAGER, tokenOf } from './fixtures.ts'

/**
 * The managers' review of overseas-study requests (issue 14, D28, D31) against
 * the real server, each move seen by the student on her own device. The demo student
 * intercambio@ (server/db/seed.ts) is this file's alone: every test first deletes the
 * request an earlier attempt left open and sends a fresh one through the API (a passport
 * photo), so a retry starts from "Em análise" again; a paid request is not open, so the
 * next attempt can send another.
 */

test.describe.configure({ mode: 'default' })

const STUDENT = { username: 'intercambio@example.com', password: 'demo1234', name: 'Rafael Moreira' }
const API = '/api/v1'

/** A 1×1 PNG: the passport "photo" the request is sent with (the server reads its first bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
/** The passport sent again: a small PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

// API calls made after a stretch of screen work pass `maxRetries`: the fixture's pooled
// keep-alive socket may be the one the server closes after 10 s idle just as it is
// reused, an ECONNRESET that reached no handler (seen in CI, 2026-11-26); a retry uses a new one.
const suffix = () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')

/**
 * Rafael's fresh Orlando request (em_analise, January's class) with the passport photo,
 * after deleting one an earlier attempt left open.
 */
async function freshRequest(request: APIRequestContext): Promise<{ token: string; request: KnnUsaRequest; turma: TurmaUsa }> {
  const token = await tokenOf(request, STUDENT.username, STUDENT.password)
  const mine = await request.get(`${API}/knn-usa/request/me/`, { headers: bearer(token) })
  expect(mine.status()).toBe(200)
  const open = (await mine.json()) as KnnUsaRequest | null
  if (open && ['em_analise', 'documentos_pendentes', 'aprovado'].includes(open.status)) {
    const deleted = await request.delete(`${API}/knn-usa/request/${open.id}/`, { headers: bearer(token) })
    expect(deleted.status(), await deleted.text()).toBe(200)
  }
  const turmas = (await (await request.get(`${API}/knn-usa/turmas/?programa=orlando`, { headers: bearer(token) })).json()) as TurmaUsa[]
  // January's class: knn-usa.spec counts July's seats (the seed's requests and its own).
  const turma = turmas.find((item) => item.nome === 'KNN Orlando — Férias de janeiro')!
  expect(turma.vagas_restantes).toBeGreaterThan(0)
  const form = new FormData()
  form.append(
    'knn_usa_request_in',
    JSON.stringify({
      turma_id: turma.id,
      passaporte_numero: `FZ${suffix()}`,
      passaporte_validade: `${Number(turma.data_volta.slice(0, 4)) + 5}-01-01`,
      data_nascimento: '1995-02-08',
      documentos: ['passaporte'],
    }),
  )
  form.append('files', new File([PNG], 'passaporte-rafael.png', { type: 'image/png' }))
  const sent = await request.post(`${API}/knn-usa/request/`, { headers: bearer(token), multipart: form })
  expect(sent.status(), await sent.text()).toBe(201)
  return { token, request: (await sent.json()) as KnnUsaRequest, turma }
}

async function signedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await login(page, username, password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

const panelNav = (page: Page) => page.getByRole('navigation', { name: 'Painel da equipe' })
const facts = (page: Page, label: string) =>
  page.locator('.mp-review > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) })

/** The manager opens Rafael's request from the list ("Em análise", the screen's first filter). */
async function openFromList(manager: Page, id: number) {
  await manager.goto('/manager-panel')
  await panelNav(manager).getByRole('link', { name: 'Intercâmbio' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/intercambio$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Solicitações de intercâmbio' })).toBeFocused()
  await expect(manager.getByRole('radio', { name: /^Em análise \(\d+\)$/ })).toBeChecked()
  await expect(manager.getByRole('heading', { level: 2, name: 'Solicitações: Em análise' })).toBeVisible()
  const card = manager.getByTestId('usa-request-row').filter({ hasText: STUDENT.name })
  await expect(card).toHaveCount(1)
  await expect(card.locator('.mp-status')).toHaveText('Em análise')
  await expect(card).toContainText('KNN Orlando · KNN Orlando — Férias')
  await card.getByRole('link', { name: `Analisar a solicitação de ${STUDENT.name}` }).click()
  await expect(manager).toHaveURL(new RegExp(`/manager-panel/intercambio/${id}$`))
  await expect(manager.getByRole('heading', { level: 1, name: `Solicitação de intercâmbio nº ${id}` })).toBeFocused()
}

test('a document asked again, resent by the student, approved, paid by Pix: each side sees the other’s move', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const { request: sent } = await freshRequest(request)
  const manager = await signedIn(browser, MANAGER.username, MANAGER.password)
  await openFromList(manager, sent.id)

  // The request as sent: the student, the class, the passport's last digits until asked.
  await expect(facts(manager, 'Aluno')).toContainText(STUDENT.name)
  await expect(facts(manager, 'Situação')).toContainText('Em análise')
  const numero = manager.getByTestId('passaporte-numero')
  await expect(numero).toHaveText(`Termina em ${sent.passaporte_numero.slice(-4)}`)
  await manager.getByRole('button', { name: 'Mostrar o número' }).click()
  await expect(numero).toHaveText(sent.passaporte_numero)
  await manager.getByRole('button', { name: 'Ocultar o número' }).click()
  await expect(numero).toHaveText(`Termina em ${sent.passaporte_numero.slice(-4)}`)
  await expect(facts(manager, 'Menor de 18 anos na viagem')).toContainText('Não')
  await expectNoAxeViolations(manager)

  // The manager views the passport: opened in a tab, and saved with its name and bytes.
  const document = manager.getByTestId('usa-document').filter({ hasText: 'passaporte-rafael.png' })
  await expect(document).toContainText('Enviado')
  const [tab] = await Promise.all([
    manager.context().waitForEvent('page'),
    document.getByRole('button', { name: 'Abrir Passaporte' }).click(),
  ])
  await expect(tab).toHaveURL(/^blob:/)
  await expect(tab.locator('img')).toBeVisible()
  await tab.close()
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    document.getByRole('button', { name: 'Baixar Passaporte' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('passaporte-rafael.png')
  expect(readFileSync((await download.path())!).equals(PNG)).toBe(true)

  // A colleague's tab, open on the request before it moves.
  const colleague = await manager.context().newPage()
  await colleague.goto(`/manager-panel/intercambio/${sent.id}`)
  await expect(facts(colleague, 'Situação')).toContainText('Em análise')

  // Ask the passport again: the dialog wants the document and a reason first.
  const askButton = manager.getByRole('button', { name: 'Pedir documentos de novo' })
  await askButton.click()
  const ask = manager.getByRole('alertdialog', { name: `Pedir documentos de novo a ${STUDENT.name}?` })
  await expect(ask).toContainText('De "Em análise" para "Documentos pendentes".')
  await ask.getByRole('button', { name: 'Pedir documentos' }).click()
  await expect(ask.getByText('Escolha pelo menos um documento.')).toBeVisible()
  await expect(ask.getByRole('checkbox', { name: 'Passaporte' })).toBeFocused()
  await expect(ask.getByRole('checkbox', { name: 'Autorização de viagem' })).toHaveCount(0)
  await ask.getByRole('checkbox', { name: 'Passaporte' }).check()
  const motivo = 'A foto está escura: envie o PDF da página de identificação.'
  await ask.getByLabel('O que corrigir (o aluno vê este texto)').fill('ok')
  await ask.getByRole('button', { name: 'Pedir documentos' }).click()
  await expect(ask.getByText('Explique ao aluno o que corrigir (pelo menos 3 caracteres).')).toBeVisible()
  await ask.getByLabel('O que corrigir (o aluno vê este texto)').fill(motivo)
  await expectNoAxeViolations(manager)
  await ask.getByRole('button', { name: 'Pedir documentos' }).click()
  await expect(ask).toBeHidden()
  await expect(askButton).toHaveCount(0)
  await expect(
    manager.getByRole('status').filter({ hasText: `A solicitação de ${STUDENT.name} agora está "Documentos pendentes".` }),
  ).toBeVisible()
  await expect(facts(manager, 'Documentos pedidos de novo')).toContainText(`Pedido de novo: Passaporte. Motivo: ${motivo}`)
  await expect(document).toContainText('Pedido de novo')
  await expect(manager.getByTestId('usa-history')).toContainText(
    `Pediu documentos de novo (de "Em análise" para "Documentos pendentes"). Motivo: ${motivo}`,
  )

  // The colleague still sees "Em análise": her approval is refused in Portuguese and her screen reads the request again.
  await colleague.getByRole('button', { name: 'Aprovar' }).click()
  const stale = colleague.getByRole('alertdialog', { name: `Aprovar a solicitação de ${STUDENT.name}?` })
  await stale.getByRole('button', { name: 'Aprovar' }).click()
  await expect(stale.getByRole('alert')).toContainText(/Esta solicitação (mudou desde que você a abriu|está "Documentos pendentes")/)
  await stale.getByRole('button', { name: 'Voltar' }).click()
  await expect(facts(colleague, 'Situação')).toContainText('Documentos pendentes')
  await colleague.close()

  // The student sees what the school asked on her own device and resends the passport (a PDF this time).
  const student = await signedIn(browser, STUDENT.username, STUDENT.password)
  await student.goto('/knn-orlando')
  await expect(student.getByRole('status', { name: 'Situação: Documentos pendentes' })).toBeVisible()
  await expect(student.getByText(`Motivo: ${motivo}`).first()).toBeVisible()
  await student
    .getByLabel('Passaporte', { exact: true })
    .setInputFiles({ name: 'passaporte-rafael.pdf', mimeType: 'application/pdf', buffer: PDF })
  await student.getByRole('button', { name: 'Reenviar documentos' }).click()
  await expect(student.getByText('Documentos reenviados: a solicitação voltou para análise.')).toBeVisible()
  await expect(student.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()

  // The manager sees it back in analysis, the new copy beside the old one, and approves.
  await manager.reload()
  await expect(facts(manager, 'Situação')).toContainText('Em análise')
  await expect(manager.getByTestId('usa-document').filter({ hasText: 'passaporte-rafael.pdf' })).toContainText('Enviado')
  await expect(manager.getByTestId('usa-document').filter({ hasText: 'passaporte-rafael.png' })).toContainText(
    'Cópia anterior (substituída)',
  )
  await manager.getByRole('button', { name: 'Aprovar' }).click()
  const approve = manager.getByRole('alertdialog', { name: `Aprovar a solicitação de ${STUDENT.name}?` })
  await expect(approve).toContainText('De "Em análise" para "Aprovado".')
  await approve.getByRole('button', { name: 'Aprovar' }).click()
  await expect(approve).toBeHidden()
  await expect(manager.getByRole('status').filter({ hasText: `A solicitação de ${STUDENT.name} agora está "Aprovado".` })).toBeVisible()
  await expect(manager.getByText('Aprovada: aguardando o pagamento do aluno.')).toBeVisible()
  await expect(manager.getByTestId('usa-history')).toContainText('Aprovou (de "Em análise" para "Aprovado")')

  // The student pays by Pix on her screen; the provider confirms (the stand-in) and she sees "Pago".
  await student.reload()
  await expect(student.getByRole('status', { name: 'Situação: Aprovado' })).toBeVisible()
  const charge = student.waitForResponse(
    (response) => /\/knn-usa\/payment\/$/.test(response.url()) && response.request().method() === 'POST',
  )
  await student.getByRole('button', { name: 'Gerar código Pix' }).click()
  const { txid } = (await (await charge).json()) as { txid: string }
  await expect(student.getByRole('textbox', { name: 'Pix copia e cola' })).toBeVisible()
  await expectNoAxeViolations(student)
  expect((await request.post(`/dev/pix/confirm/${txid}`, { maxRetries: 2 })).status()).toBe(200)
  await expect(student.getByRole('status', { name: 'Situação: Pago' })).toBeVisible()
  await student.context().close()

  // The manager's list under "Pago" has it, with nothing left to decide.
  await manager.reload()
  await expect(facts(manager, 'Situação')).toContainText('Pago')
  await expect(manager.getByText('Paga: nada mais a decidir.')).toBeVisible()
  await expect(manager.getByRole('button', { name: 'Aprovar' })).toHaveCount(0)
  await manager.getByRole('link', { name: 'Voltar às solicitações' }).click()
  await manager.getByRole('radio', { name: /^Pago \(\d+\)$/ }).check()
  await expect(manager.getByTestId('usa-request-row').filter({ hasText: STUDENT.name }).first()).toBeVisible()
  await expectNoAxeViolations(manager)
  await manager.context().close()
})

test('cancel with a reason: refused without one, then the student sees it cancelled with the reason', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const { token, request: sent } = await freshRequest(request)
  const manager = await signedIn(browser, MANAGER.username, MANAGER.password)
  await openFromList(manager, sent.id)

  const cancelButton = manager.getByRole('button', { name: 'Cancelar solicitação' })
  await cancelButton.click()
  const dialog = manager.getByRole('alertdialog', { name: `Cancelar a solicitação de ${STUDENT.name}?` })
  await expect(dialog).toContainText('De "Em análise" para "Cancelado". A vaga na turma fica livre')
  // "Voltar" changes nothing and gives the focus back.
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(dialog).toBeHidden()
  await expect(cancelButton).toBeFocused()

  await cancelButton.click()
  await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click()
  const reason = dialog.getByLabel('Motivo do cancelamento (o aluno vê este texto)')
  await expect(reason).toBeFocused()
  await expect(dialog.getByText('Este campo é obrigatório')).toBeVisible()
  await reason.fill('ab')
  await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click()
  await expect(dialog.getByText('Informe o motivo do cancelamento (pelo menos 3 caracteres).')).toBeVisible()
  const motivo = `Turma sem o número mínimo de alunos (${suffix()}).`
  await reason.fill(motivo)
  await expect(dialog.getByText(`${motivo.length} de 500 caracteres`)).toBeVisible()
  await expectNoAxeViolations(manager)
  await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click()
  await expect(dialog).toBeHidden()
  await expect(manager.getByRole('status').filter({ hasText: `A solicitação de ${STUDENT.name} agora está "Cancelado".` })).toBeVisible()
  await expect(facts(manager, 'Motivo do cancelamento')).toContainText(motivo)
  await expect(manager.getByText('Nenhum documento guardado', { exact: false })).toBeVisible()
  await expect(manager.getByRole('button', { name: 'Cancelar solicitação' })).toHaveCount(0)

  // The student's request says it, with the school's reason.
  const mine = (await (await request.get(`${API}/knn-usa/request/me/`, { headers: bearer(token), maxRetries: 2 })).json()) as KnnUsaRequest
  expect(mine).toMatchObject({ id: sent.id, status: 'cancelado', motivo_cancelamento: motivo })
  await manager.context().close()
})

test('honest states: skeleton while loading, error with retry, offline says it needs a connection', async ({ browser, request }) => {
  test.setTimeout(120_000)
  // Rafael's fresh request, its passport asked again through the API (the seed's orlando@ is
  // knn-usa.spec's, which resends it).
  const { request: sent } = await freshRequest(request)
  const managerToken = await tokenOf(request, MANAGER.username, MANAGER.password)
  const motivo = 'A página do passaporte está cortada.'
  const asked = await request.post(`${API}/knn-usa/manager/requests/${sent.id}/ask-documents/`, {
    headers: bearer(managerToken),
    data: { de: 'em_analise', tipos: ['passaporte'], motivo },
  })
  expect(asked.status(), await asked.text()).toBe(200)
  const waiting = (await asked.json()) as KnnUsaRequestGestao
  const manager = await signedIn(browser, MANAGER.username, MANAGER.password)

  await manager.goto('/manager-panel/intercambio')
  await manager.getByRole('radio', { name: /^Documentos pendentes \(\d+\)$/ }).check()
  const card = manager.getByTestId('usa-request-row').filter({ hasText: STUDENT.name })
  await expect(card).toContainText(`Pedido de novo: Passaporte. Motivo: ${motivo}`)
  // The programme filter: London's list has no Orlando request.
  await manager.getByRole('radio', { name: 'London by Phenom' }).check()
  await expect(card).toHaveCount(0)
  await manager.getByRole('radio', { name: 'Todos' }).check()
  await expect(card).toBeVisible()

  // (the counts come with the answer)
  await expectPanelErrorRetry(manager, /\/knn-usa\/manager\/requests\//, manager.getByRole('radio', { name: /^Em análise \(\d+\)$/ }))
  await manager.unrouteAll()

  // One request: while it loads, the cards' skeleton; then the values.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await manager.route(new RegExp(`/knn-usa/manager/requests/${waiting.id}/$`), async (route) => {
    await held
    await route.continue()
  })
  await manager.goto(`/manager-panel/intercambio/${waiting.id}`)
  await expect(manager.getByRole('heading', { level: 2, name: 'Passaporte e responsável' })).toBeVisible()
  await expect(manager.getByRole('status').filter({ hasText: 'Carregando' })).toBeAttached()
  release()
  await expect(facts(manager, 'Situação')).toContainText('Documentos pendentes')
  await expect(manager.getByRole('button', { name: 'Aprovar' })).toHaveCount(0)
  await expect(manager.getByRole('button', { name: 'Cancelar solicitação' })).toBeEnabled()
  await expectNoAxeViolations(manager)

  // Offline: the moves and the documents wait, and the screen says why.
  await manager.context().setOffline(true)
  await expect(manager.getByText('As solicitações de intercâmbio precisam de conexão com a internet.', { exact: false })).toBeVisible()
  await expect(manager.getByRole('button', { name: 'Cancelar solicitação' })).toBeDisabled()
  await expect(manager.getByRole('button', { name: 'Abrir Passaporte' })).toBeDisabled()
  await manager.context().close()
})
