import { createHash, randomBytes } from 'node:crypto'
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { login, serviceWorkerInControl, serviceWorkerSession } from './fixtures.ts'

/**
 * Helpers of the outbox's browser tests (D16, issue 10): files made here, the activity
 * screen of a class, the worker's sync event over CDP and what the server holds, read
 * through the real API with the student's token.
 */

export const ANA = { username: 'aluno@example.com', password: 'demo1234' }
export const MARINA = { username: 'marina.pereira@example.com', password: 'demo1234' }
export const INGLES = 'Inglês — Intermediário 2'
export const ESPANHOL = 'Espanhol — Básico 1'

/** A small PDF (the server checks the `%PDF-` signature) with random bytes, and its SHA-256. */
export function pdf(name: string, size = 2048) {
  const buffer = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(Math.max(0, size - 9))])
  return { name, mimeType: 'application/pdf', buffer, sha256: createHash('sha256').update(buffer).digest('hex') }
}

export async function waitForWorker(page: Page) {
  await serviceWorkerInControl(page)
}

/** Signs in and waits for the dashboard and the service worker in control. */
export async function signIn(page: Page, user: { username: string; password: string }) {
  await login(page, user.username, user.password)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  await waitForWorker(page)
}

/** The class's id, from the API with the page's token. */
export async function turmaIdOf(page: Page, nome: string): Promise<number> {
  const turmas = await apiGet<Array<{ id: number; nome: string; turma_aluno_id: number }>>(page, '/api/v1/at-home/turmas/')
  return turmas.find((turma) => turma.nome === nome)!.id
}

/** Opens a class's activities and waits for them to be drawn. */
export async function openAtividades(page: Page, nome: string) {
  const id = await turmaIdOf(page, nome)
  await page.goto(`/pedagogico/atividades/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: /Atividades/ })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('atividade').first()).toBeVisible({ timeout: 20_000 })
  return id
}

export function atividade(page: Page, titulo: string): Locator {
  return page.getByRole('region', { name: titulo })
}

/** Chooses a file for an activity, as the "Enviar arquivo" button's input would. */
export async function chooseFile(card: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await card.locator('input[type=file]').setInputFiles(file)
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, Accept: 'application/json' } })
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    return response.json()
  }, path) as Promise<T>
}

export interface ServerFile {
  id: number
  nome: string
  sha256: string
  referencia: string
  atividade: string
}

/** Every file the server holds for the student's class, by activity (the real list endpoint). */
export async function serverFiles(page: Page, turmaNome: string): Promise<ServerFile[]> {
  const turmas = await apiGet<Array<{ nome: string; turma_aluno_id: number }>>(page, '/api/v1/at-home/turmas/')
  const turma = turmas.find((candidate) => candidate.nome === turmaNome)!
  const atividades = await apiGet<Array<{ titulo: string; arquivos: Array<Omit<ServerFile, 'atividade'>> }>>(
    page,
    `/api/v1/turma-aluno-atividades/turma-aluno/${turma.turma_aluno_id}/`,
  )
  return atividades.flatMap((item) => item.arquivos.map((arquivo) => ({ ...arquivo, atividade: item.titulo })))
}

/** Fires the worker's `sync` event for the outbox tag over CDP (TOOLCHAIN "Background sync"). */
export async function dispatchSync(context: BrowserContext, page: Page) {
  const { cdp, registrationId } = await serviceWorkerSession(context, page)
  const origin = new URL(page.url()).origin
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'outbox', lastChance: false })
  await cdp.detach()
}

/** Outbox items as drawn on the screen (an activity's card or /envios-pendentes). */
export function outboxItem(scope: Page | Locator, fileName: string): Locator {
  return scope.getByTestId('outbox-item').filter({ hasText: fileName })
}
