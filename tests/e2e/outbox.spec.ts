import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type BrowserContext } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { E2E_PORT } from '../../playwright.config.ts'
import {
  ANA,
  atividade,
  chooseFile,
  dispatchSync,
  INGLES,
  MARINA,
  openAtividades,
  outboxItem,
  pdf,
  serverFiles,
  signIn,
  waitForWorker,
} from './outbox-helpers.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * The outbox (D16, issue 10): a file chosen offline waits on the device, survives reloads
 * and a browser restart, and reaches the real server exactly once, byte for byte, whoever
 * sends it (the worker's `sync` event or the app); a refused one stays with its reason.
 */

const LISTENING = 'Listening — Podcast, unit 5'
const SEND_PATH = '**/enviar-arquivo-atividade/'

/** Counts the file sends that leave the browser (the page's or the worker's), letting each through. */
async function countSends(context: BrowserContext) {
  const sends = { count: 0 }
  await context.route(SEND_PATH, async (route) => {
    sends.count++
    await route.continue()
  })
  return sends
}

// One student's activities are shared by these tests: one at a time.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test('offline → Aguardando conexão → reload → still queued → online + sync event → stored once, same bytes, Enviado with its receipt', async ({
  page,
  context,
}) => {
  await signIn(page, ANA)
  await openAtividades(page, INGLES)
  const card = atividade(page, LISTENING)
  const file = pdf('audio-resposta-offline.pdf', 64 * 1024)
  const sends = await countSends(context)

  await context.setOffline(true)
  await chooseFile(card, file)
  const item = outboxItem(card, file.name)
  await expect(item).toContainText('Aguardando conexão')
  await expect(item).toContainText('64 KB')

  await page.reload()
  await expect(outboxItem(atividade(page, LISTENING), file.name)).toContainText('Aguardando conexão', { timeout: 20_000 })
  // The drawer counts it, and the offline banner leads to the list.
  await expect(page.getByRole('link', { name: '1 envio aguardando conexão' })).toBeVisible()

  await context.setOffline(false)
  await dispatchSync(context, page)
  const sent = outboxItem(atividade(page, LISTENING), file.name)
  await expect(sent.or(atividade(page, LISTENING).getByTestId('arquivo').filter({ hasText: file.name })).first()).toBeVisible()

  await page.goto('/envios-pendentes')
  const receipt = outboxItem(page, file.name)
  await expect(receipt).toContainText('Enviado', { timeout: 20_000 })
  await expect(receipt.getByTestId('outbox-receipt')).toContainText(/Recibo: ENV-\d+ · Recebido em/)

  const stored = (await serverFiles(page, INGLES)).filter((arquivo) => arquivo.nome === file.name)
  expect(stored).toHaveLength(1)
  expect(stored[0]!.sha256).toBe(file.sha256)
  expect(stored[0]!.atividade).toBe(LISTENING)
  await expect(receipt.getByTestId('outbox-receipt')).toContainText(stored[0]!.referencia)
  // Any replay the app and the worker raced into is answered with the same record.
  expect(sends.count).toBeGreaterThanOrEqual(1)
})

test('a server failing the first two tries: backoff, third try stores it once', async ({ page, context }) => {
  await signIn(page, ANA)
  await openAtividades(page, INGLES)
  const card = atividade(page, LISTENING)
  const file = pdf('resposta-apos-falhas.pdf')
  let tries = 0
  await context.route(SEND_PATH, async (route) => {
    tries++
    if (tries <= 2) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Falha simulada"}' })
    else await route.continue()
  })

  await chooseFile(card, file)
  await expect(outboxItem(card, file.name)).toContainText(/Aguardando conexão|Enviando/)
  await expect(
    outboxItem(card, file.name)
      .or(card.getByTestId('arquivo').filter({ hasText: file.name }))
      .first(),
  ).toBeVisible()
  await expect(card.getByTestId('arquivo').filter({ hasText: file.name })).toBeVisible({ timeout: 30_000 })
  expect(tries).toBeGreaterThanOrEqual(3)

  const stored = (await serverFiles(page, INGLES)).filter((arquivo) => arquivo.nome === file.name)
  expect(stored).toHaveLength(1)
  expect(stored[0]!.sha256).toBe(file.sha256)
})

test('cancel removes a queued file and nothing reaches the server', async ({ page, context }) => {
  await signIn(page, ANA)
  await openAtividades(page, INGLES)
  const card = atividade(page, LISTENING)
  const file = pdf('cancelado.pdf')
  const sends = await countSends(context)

  await context.setOffline(true)
  await chooseFile(card, file)
  const item = outboxItem(card, file.name)
  await expect(item).toContainText('Aguardando conexão')
  await item.getByRole('button', { name: `Cancelar envio de ${file.name}` }).click()
  await expect(item).toHaveCount(0)

  // Counted from here: offline, a send fails in the browser before it leaves.
  sends.count = 0
  await context.setOffline(false)
  await dispatchSync(context, page)
  await page.reload()
  await expect(atividade(page, LISTENING)).toBeVisible({ timeout: 20_000 })
  expect(sends.count).toBe(0)
  expect((await serverFiles(page, INGLES)).filter((arquivo) => arquivo.nome === file.name)).toHaveLength(0)
})

test('a refused file (4xx) stays visible with the server’s reason until removed', async ({ page }) => {
  await signIn(page, MARINA)
  await openAtividades(page, 'Inglês — Teens 1')
  const card = atividade(page, 'Writing — My favourite band')
  // Ten files per activity; the eleventh is refused by the server (409).
  for (let i = 1; i <= 10; i++) {
    const file = pdf(`banda-${i}.pdf`, 512)
    await chooseFile(card, file)
    await expect(card.getByTestId('arquivo').filter({ hasText: file.name })).toBeVisible({ timeout: 20_000 })
  }
  const refused = pdf('banda-11.pdf', 512)
  await chooseFile(card, refused)
  const item = outboxItem(card, refused.name)
  await expect(item).toContainText('Recusado', { timeout: 20_000 })
  await expect(item.getByTestId('outbox-reason')).toHaveText(
    'Motivo: Esta atividade já tem 10 arquivos enviados. Exclua um para enviar outro.',
  )

  await page.reload()
  await expect(outboxItem(atividade(page, 'Writing — My favourite band'), refused.name)).toContainText('Recusado', { timeout: 20_000 })
  await page.goto('/envios-pendentes')
  const listed = outboxItem(page, refused.name)
  await expect(listed).toContainText('Recusado')
  // Issue 40 item 2: a refused item waits for nothing, so the drawer's "Envios pendentes" has no badge.
  await expect(page.getByRole('link', { name: 'Envios pendentes' })).toBeVisible()
  await expect(page.getByTestId('nav-badge')).toHaveCount(0)
  await listed.getByRole('button', { name: `Remover ${refused.name} da lista` }).click()
  await expect(listed).toHaveCount(0)
})

test('queued offline, browser closed and reopened: sent after the restart, exactly once', async () => {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'outbox-profile-'))
  const launch = () =>
    chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: `http://localhost:${E2E_PORT}`,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    })
  const file = pdf('depois-de-reiniciar.pdf', 256 * 1024)
  try {
    let context = await launch()
    let page = context.pages()[0] ?? (await context.newPage())
    await signIn(page, ANA)
    await openAtividades(page, INGLES)
    await context.setOffline(true)
    await chooseFile(atividade(page, LISTENING), file)
    await expect(outboxItem(atividade(page, LISTENING), file.name)).toContainText('Aguardando conexão')
    await context.close()

    context = await launch()
    page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/envios-pendentes')
    await waitForWorker(page)
    await dispatchSync(context, page)
    await expect(outboxItem(page, file.name)).toContainText('Enviado', { timeout: 30_000 })
    const stored = (await serverFiles(page, INGLES)).filter((arquivo) => arquivo.nome === file.name)
    expect(stored).toHaveLength(1)
    expect(stored[0]!.sha256).toBe(file.sha256)
    await context.close()
  } finally {
    rmSync(userDataDir, { recursive: true, force: true })
  }
})

test('an outbox the browser will not open: /envios-pendentes says so instead of loading forever, and reads again when asked', async ({
  page,
}) => {
  await signIn(page, ANA)
  // As a browser that refuses IndexedDB (private mode, storage blocked) does, until the flag is set.
  await page.addInitScript(() => {
    const open = IDBFactory.prototype.open
    IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
      if (name === 'portal-outbox' && !sessionStorage.getItem('outbox-readable'))
        throw new DOMException('The user denied permission to access the database.', 'UnknownError')
      return open.call(this, name, version)
    }
  })
  await page.goto('/envios-pendentes')
  await expect(page.getByRole('heading', { level: 1, name: 'Envios pendentes' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Não foi possível ler os envios guardados neste aparelho')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)

  await page.evaluate(() => sessionStorage.setItem('outbox-readable', '1'))
  await page.getByRole('button', { name: 'Ler de novo' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByTestId('outbox-item').or(page.getByText('Nenhum envio pendente.'))).not.toHaveCount(0)
})
