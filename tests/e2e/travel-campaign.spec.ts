import { chromium, expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { E2E_PORT } from '../../playwright.config.ts'
import { expectNoAxeViolations, field, login, serviceWorkerInControl, withServiceWorker } from './fixtures.ts'
import { qrVideo } from './qr-camera.ts'

/**
 * Issue 14, "KNN abre o mundo" (D27): a student joins and scans a code with the
 * fake camera; a code scanned offline waits in the outbox and is validated once when the
 * signal returns; the printed URL opened logged out is validated after the login; the
 * server's refusals (not enrolled, already used, unknown) are shown. One demo student per
 * test (server/db/seed.ts): a code validates once per student.
 */

const PASSWORD = 'demo1234'
const CAMERA_STUDENT = 'viagem.camera@example.com'
const OFFLINE_STUDENT = 'viagem.offline@example.com'
const LINK_STUDENT = 'viagem.link@example.com'
const ORIGIN = `http://localhost:${E2E_PORT}`

interface Campanha {
  id: number
  nome: string
  entradas: number
  codigos_validados: number
}
interface Codigo {
  codigo: string
  entradas: number
}

/** A token of `username` from the real login endpoint (for reading what the server holds). */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post(`${ORIGIN}/api/v1/login/access-token/`, { form: { username, password: PASSWORD } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { access_token: string }).access_token
}

async function apiAs<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${ORIGIN}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok(), path).toBe(true)
  return (await response.json()) as T
}

/** The server's view: the open campaign with the student's standing, and their codes. */
async function serverState(request: APIRequestContext, token: string) {
  const [campanha, codigos] = await Promise.all([
    apiAs<Campanha>(request, token, '/travel-campaigns/atual/'),
    apiAs<Codigo[]>(request, token, '/travel-campaigns/qr-codes/'),
  ])
  return { campanha, codigos }
}

const scanUrl = (campanha: number, codigo: string) => `/at-home/scanear-qr-code/${campanha}/${codigo}/`

async function openCampaign(page: Page) {
  await page.goto('/knn-abre-o-mundo')
  await expect(page.getByRole('heading', { level: 1, name: 'KNN abre o mundo' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'KNN abre o mundo 2026' })).toBeVisible()
}

/** "Participar": accepting the rules is required first. `codesRefusedBefore`: they go again at once, so entries may come. */
async function join(page: Page, { codesRefusedBefore = false } = {}) {
  await page.getByRole('button', { name: 'Participar', exact: true }).click()
  await expect(page.getByText('Marque que leu e aceita o regulamento para participar.')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check()
  await page.getByRole('button', { name: 'Participar', exact: true }).click()
  await expect(page.getByText(/Pronto! Você está participando/)).toBeVisible()
  if (!codesRefusedBefore) await expect(page.getByTestId('campaign-standing')).toContainText('Você ainda não tem entradas no sorteio')
}

const openBrowsers: Browser[] = []
test.afterEach(async () => {
  await Promise.all(openBrowsers.splice(0).map((browser) => browser.close()))
})

test('a student joins, scans a code with the camera and sees the entries; the same code again and an unknown one are refused', async ({
  request,
}) => {
  test.setTimeout(120_000)
  const token = await tokenOf(request, CAMERA_STUDENT)
  const { campanha } = await serverState(request, token)
  // The camera shows the printed code: the full URL, as on a book (D27).
  const video = qrVideo('campanha-feira', `${ORIGIN}${scanUrl(campanha.id, 'KNNMUNDO-FEIRA')}`)
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
  openBrowsers.push(browser)
  const context = await browser.newContext({
    baseURL: ORIGIN,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    permissions: ['camera', 'clipboard-read', 'clipboard-write'],
  })
  const page = await context.newPage()
  await login(page, CAMERA_STUDENT, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)

  await openCampaign(page)
  await expect(page.getByText('Você ainda não validou nenhum código')).toBeVisible()
  await expect(page.getByText('Campanha aberta')).toBeVisible()
  await expectNoAxeViolations(page)
  await join(page)

  await page.getByRole('button', { name: 'Escanear código' }).click()
  await expect(page).toHaveURL(new RegExp(`${scanUrl(campanha.id, 'KNNMUNDO-FEIRA')}?\\?envio=`))
  const result = page.getByTestId('scan-result')
  await expect(result).toContainText('Código validado!')
  await expect(result).toContainText('Você ganhou 5 entradas com o código KNNMUNDO-FEIRA.')
  await expect(result).toContainText('Agora você tem 5 entradas na campanha KNN abre o mundo 2026.')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Ver a campanha e os meus códigos' }).click()
  await expect(page.getByTestId('campaign-standing')).toContainText('Você tem 5 entradas no sorteio.')
  await expect(page.getByTestId('campaign-code').filter({ hasText: 'KNNMUNDO-FEIRA' })).toContainText('+5 entradas')

  // The same code again: the server's 409, never a second validation.
  await page.getByRole('button', { name: 'Escanear código' }).click()
  await expect(result).toContainText('Não foi possível validar o código')
  await expect(result).toContainText(/Você já validou este código em \d{2}\/\d{2}\/\d{4}\. Cada código vale uma vez por aluno\./)

  // Issue 40 items 2 and 3: the refusal waits for nothing (no "Envios pendentes" badge), and
  // "Meus códigos" keeps one row for the code, its entries: no second "Recusado" row.
  await expect(page.getByRole('link', { name: 'Envios pendentes' })).toBeVisible()
  await expect(page.getByTestId('nav-badge')).toHaveCount(0)
  await page.getByRole('link', { name: 'Ver a campanha e os meus códigos' }).click()
  await expect(page.getByTestId('campaign-code').filter({ hasText: 'KNNMUNDO-FEIRA' })).toContainText('+5 entradas')
  await expect(page.getByTestId('campaign-pending-code')).toHaveCount(0)
  await expect(page.getByText('Recusado')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Tentar agora' })).toHaveCount(0)
  await expect(page.getByTestId('nav-badge')).toHaveCount(0)
  // Issue 40 item 12: no share sheet in headless Chromium, so the code's printed URL is copied, and that is said.
  await page.getByRole('button', { name: 'Copiar o link do código KNNMUNDO-FEIRA' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link do código KNNMUNDO-FEIRA copiado' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${ORIGIN}${scanUrl(campanha.id, 'KNNMUNDO-FEIRA')}`)
  await expectNoAxeViolations(page)

  // A code that does not exist: the server's 404.
  await page.goto(scanUrl(campanha.id, 'NAOEXISTE'))
  // The contract's own 404 text (travelCampaignEndpoints.validateTravelCampaignCode).
  await expect(result).toContainText('Código não encontrado')

  const after = await serverState(request, token)
  expect(after.codigos.map((codigo) => codigo.codigo)).toEqual(['KNNMUNDO-FEIRA'])
  expect(after.campanha.entradas).toBe(5)
})

withServiceWorker(() => {
  test('not enrolled, then joined; a code scanned offline waits ("Aguardando conexão") and is validated once when the signal returns', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000)
    const token = await tokenOf(request, OFFLINE_STUDENT)
    const { campanha } = await serverState(request, token)
    await login(page, OFFLINE_STUDENT, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard$/)
    await serviceWorkerInControl(page)

    // Before joining: the server's 409 and the way to "Participar".
    await page.goto(scanUrl(campanha.id, 'KNNMUNDO-LIVRO'))
    const result = page.getByTestId('scan-result')
    await expect(result).toContainText('Você ainda não participa desta campanha.')
    await expectNoAxeViolations(page)
    await result.getByRole('link', { name: 'Participar da campanha' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'KNN abre o mundo' })).toBeVisible()
    const refused = page.getByTestId('campaign-pending-code').filter({ hasText: 'KNNMUNDO-LIVRO' })
    await expect(refused).toContainText('Recusado')
    // Issue 40 item 2: a refusal waits for nothing, so the drawer's "Envios pendentes" has no badge.
    await expect(page.getByRole('link', { name: 'Envios pendentes' })).toBeVisible()
    await expect(page.getByTestId('nav-badge')).toHaveCount(0)
    // Issue 40 item 3: the same request would be refused again, so no "Tentar agora"; only "Remover".
    await expect(refused.getByRole('button', { name: 'Tentar agora' })).toHaveCount(0)
    await expect(refused.getByRole('button', { name: 'Remover o código KNNMUNDO-LIVRO da lista' })).toBeVisible()
    // Issue 40 item 4: joining sends the refused code again; the whole screen agrees at once.
    await join(page, { codesRefusedBefore: true })
    await expect(page.getByTestId('campaign-standing')).toContainText(/Você participa desde \d{2}\/\d{2}\/\d{4}\./)
    await expect(page.getByText('Você ainda não participa desta campanha', { exact: false })).toHaveCount(0)
    await expect(page.getByTestId('campaign-code').filter({ hasText: 'KNNMUNDO-LIVRO' })).toContainText('+1 entrada')
    await expect(refused).toHaveCount(0)
    await expect(page.getByTestId('campaign-standing')).toContainText('Você tem 1 entrada no sorteio.')

    // Offline: the printed URL opens from the device and the code waits in the outbox.
    await context.setOffline(true)
    await page.goto(scanUrl(campanha.id, 'KNNMUNDO-EVENTO'))
    await expect(result).toContainText('Aguardando conexão')
    await expect(result).toContainText('será validado assim que a conexão voltar')
    await expectNoAxeViolations(page)
    // Opened again (a second scan) it is not queued twice.
    await page.goto(scanUrl(campanha.id, 'KNNMUNDO-EVENTO'))
    await expect(result).toContainText('Aguardando conexão')

    await page.getByRole('link', { name: 'Ver a campanha e os meus códigos' }).click()
    const waiting = page.getByTestId('campaign-pending-code').filter({ hasText: 'KNNMUNDO-EVENTO' })
    await expect(waiting).toHaveCount(1)
    await expect(waiting).toContainText('Aguardando conexão')
    await expectNoAxeViolations(page)
    // Readable offline after a reload, from the device (D15): the campaign, the validated code, the waiting one.
    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: 'KNN abre o mundo 2026' })).toBeVisible()
    await expect(page.getByTestId('campaign-code').filter({ hasText: 'KNNMUNDO-LIVRO' })).toContainText('+1 entrada')
    await expect(waiting).toContainText('Aguardando conexão')

    await page.goto('/envios-pendentes')
    const queued = page.getByTestId('outbox-item').filter({ hasText: 'Código da campanha KNNMUNDO-EVENTO' })
    await expect(queued).toHaveCount(1)
    await expect(queued).toContainText('Aguardando conexão')
    await expectNoAxeViolations(page)

    // The signal returns: the app sends it once.
    await context.setOffline(false)
    await expect(queued).toContainText('Código validado: +2 entradas (total 3)')

    await openCampaign(page)
    await expect(page.getByTestId('campaign-code').filter({ hasText: 'KNNMUNDO-EVENTO' })).toContainText('+2 entradas')
    await expect(page.getByTestId('campaign-standing')).toContainText('Você tem 3 entradas no sorteio.')
    const after = await serverState(request, token)
    expect(after.codigos.map((codigo) => codigo.codigo).sort()).toEqual(['KNNMUNDO-EVENTO', 'KNNMUNDO-LIVRO'])
    expect(after.campanha.entradas).toBe(3)
    expect(after.campanha.codigos_validados).toBe(2)
  })
})

test('the printed URL opened logged out is validated after the login', async ({ browser, request }) => {
  const token = await tokenOf(request, LINK_STUDENT)
  const { campanha } = await serverState(request, token)
  // Enrolled earlier (on another device).
  const joined = await request.post(`${ORIGIN}/api/v1/travel-campaigns/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { campanha_id: campanha.id, aceito_regulamento: true },
  })
  expect(joined.ok()).toBe(true)

  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  // A phone's share sheet (issue 40 item 12): the first share goes through, the second is closed by the student.
  await context.addInitScript(() => {
    const record = window as unknown as { shared: ShareData[]; shareCalls: number }
    record.shared = []
    record.shareCalls = 0
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        record.shareCalls += 1
        if (record.shareCalls > 1) throw new DOMException('Share canceled', 'AbortError')
        record.shared.push(data)
      },
    })
  })
  const page = await context.newPage()
  await page.goto(scanUrl(campanha.id, 'knnmundo-feira'))
  await expect(page).toHaveURL(/\/login\/main$/)
  await field(page, 'E-mail ou CPF').fill(LINK_STUDENT)
  await field(page, 'Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()

  await expect(page).toHaveURL(new RegExp(`${scanUrl(campanha.id, 'knnmundo-feira')}?\\?envio=`))
  const result = page.getByTestId('scan-result')
  await expect(result).toContainText('Você ganhou 5 entradas com o código KNNMUNDO-FEIRA.')
  await expect(result).toContainText('Agora você tem 5 entradas na campanha KNN abre o mundo 2026.')
  const after = await serverState(request, token)
  expect(after.codigos.map((codigo) => codigo.codigo)).toEqual(['KNNMUNDO-FEIRA'])
  expect(after.campanha.entradas).toBe(5)

  // Where the device has a share sheet the code goes through it, with its printed URL, and that is said;
  // closing the sheet says nothing (an AbortError is the student's choice, not an error).
  await page.getByRole('link', { name: 'Ver a campanha e os meus códigos' }).click()
  const share = page.getByRole('button', { name: 'Compartilhar o código KNNMUNDO-FEIRA' })
  await share.click()
  const status = page.getByTestId('campaign-share-status')
  await expect(status).toHaveText('Código KNNMUNDO-FEIRA compartilhado')
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)
  expect(shared).toEqual([expect.objectContaining({ url: `${ORIGIN}${scanUrl(campanha.id, 'KNNMUNDO-FEIRA')}` })])
  await share.click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { shareCalls: number }).shareCalls)).toBe(2)
  await expect(status).toHaveText('')
  await context.close()
})
