import { expect, test, type Page } from '@playwright/test'
import {
  expectNoAxeViolations,
  instalmentRows,
  isSyncAnswer,
  login,
  loginAsStudentOnScreen,
  mainNav,
  serviceWorkerInControl,
  SIBLINGS,
  startSignedIn,
  STUDENT,
  withServiceWorker,
} from './fixtures.ts'

/**
 * Ready for a reload with no connection: the service worker controls the page (it activates
 * only once its precache is filled) and the logged-in user is kept on the device.
 */
async function waitForOfflineReady(page: Page) {
  await serviceWorkerInControl(page)
  await page.waitForFunction(() => localStorage.getItem('portal-kept-user') !== null)
}

async function visitAll(page: Page) {
  await page.goto('/pedagogico/list')
  await expect(page.getByRole('heading', { name: 'Inglês — Intermediário 2' })).toBeVisible()
  await page.getByRole('link', { name: 'Notas' }).first().click()
  await expect(page.getByTestId('media')).toBeVisible()
  await page.goto('/financial')
  await expect(page.getByRole('heading', { name: 'Financeiro' })).toBeVisible()
  await expect(instalmentRows(page).first()).toBeVisible()
  await page.goto('/pedidos')
  await expect(page.locator('.pedido').first()).toBeVisible()
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Aula de hoje' })).toBeVisible()
}

test.describe('offline reading (D15)', () => {
  // These walk every screen online (axe on each), then again offline: on 2 cores beside the
  // other worker the longest took 56 s to 1.3 min in CI, so 60 s was not enough.
  test.describe.configure({ timeout: 120_000 })
  test('classes, grades, finances and orders show real data online', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.goto('/pedagogico/list')
    await expect(page.getByRole('heading', { name: 'Inglês — Intermediário 2' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Espanhol — Básico 1' })).toBeVisible()
    await expect(page.getByTestId('updated-at').first()).toContainText('Atualizado em')
    await expectNoAxeViolations(page)

    await page.getByRole('article', { name: 'Inglês — Intermediário 2' }).getByRole('link', { name: 'Notas' }).click()
    await expect(page).toHaveURL(/\/pedagogico\/notas\/\d+$/)
    await expect(page.getByText('Nota mínima', { exact: true })).toBeVisible()
    await expect(page.getByTestId('media')).toHaveText(/^\d+,\d$/)
    await expect(page.getByText('Aguardando nota').first()).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto('/financial')
    const overdue = page.locator('.parcela--vencido')
    await expect(overdue.first()).toBeVisible()
    await expect(overdue.first()).toContainText('Vencido')
    await expect(overdue.first()).toContainText(/vencida há \d+ dias?/)
    await expect(page.locator('.parcela--pago').first()).toContainText('Pago')
    await expect(page.locator('.parcela--aberto').first()).toContainText('Em aberto')
    await expect(instalmentRows(page).first()).toContainText('R$')
    await expectNoAxeViolations(page)

    await page.goto('/pedidos')
    for (const status of ['Aguardando pagamento', 'Entregue/Finalizado', 'Cancelado']) {
      await expect(page.locator('.pedido').getByText(status, { exact: true }).first()).toBeVisible()
    }
    await expect(page.getByText('Pague em até 7 dias ou o pedido será cancelado', { exact: false }).first()).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto('/dashboard')
    for (const card of ['Aula de hoje', 'Próxima parcela', 'Última nota', 'Pedidos em andamento']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible()
    }
    await expectNoAxeViolations(page)
  })

  withServiceWorker(() => {
    test('after one online visit every screen reloads offline with the same data', async ({ page, context }) => {
      // Every screen online, every screen offline, then the grades and an axe pass: the longest walk.
      test.setTimeout(120_000)
      await startSignedIn(page, 'ana')
      await visitAll(page)
      await waitForOfflineReady(page)
      const online: Record<string, string> = {}
      // Screens with an "Atualizado em" line, then the dashboard (its cards show data figures).
      const screens = ['/pedagogico/list', '/financial', '/pedidos', '/dashboard']
      // The dashboard's cards keep their figures' boxes while loading: ready once none is busy.
      const ready = (path: string) =>
        path === '/dashboard'
          ? page.locator('.summary-grid:not(:has([aria-busy="true"])) .summary-figure').first()
          : page.getByTestId('updated-at').first()
      for (const path of screens) {
        await page.goto(path)
        await expect(ready(path)).toBeVisible()
        // Each start revalidates: read the screen once that sync has answered, or its
        // "Atualizado em" moves after the reading.
        await expect(page.getByText('Atualizando…')).toHaveCount(0)
        online[path] = await page.locator('main').innerText()
      }

      await context.setOffline(true)
      for (const path of screens) {
        await page.goto(path)
        await expect(page.getByText('Você está sem internet. Mostrando os dados salvos no aparelho.')).toBeVisible()
        await expect(ready(path)).toBeVisible()
        const text = await page.locator('main').innerText()
        // The same data as online (the banner and the refresh button aside; "Atualizado em"
        // shows, but its minute may have moved: visiting the dashboard re-synced every entity).
        for (const line of online[path]!.split('\n').filter((l) => l.trim() && !/Atualiza(?:r|ndo|do em)/.test(l))) {
          expect(text).toContain(line)
        }
      }
      // Grades of a class, from the same local data.
      await page.goto('/pedagogico/list')
      await page.getByRole('article', { name: 'Inglês — Intermediário 2' }).getByRole('link', { name: 'Notas' }).click()
      await expect(page.getByTestId('media')).toHaveText(/^\d+,\d$/)
      await page.reload()
      await expect(page.getByTestId('media')).toHaveText(/^\d+,\d$/)
      await expectNoAxeViolations(page)
    })
  })

  withServiceWorker(() => {
    test('going back online refreshes the screen without a reload', async ({ page, context }) => {
      await startSignedIn(page, 'ana')
      await visitAll(page)
      await waitForOfflineReady(page)
      await context.setOffline(true)
      await page.goto('/financial')
      await expect(page.getByText('Você está sem internet.', { exact: false })).toBeVisible()
      let loads = 0
      page.on('load', () => loads++)
      const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/at-home/financeiro/') && isSyncAnswer(r))
      await context.setOffline(false)
      await refreshed
      await expect(page.getByText('Você está sem internet.', { exact: false })).toBeHidden()
      expect(loads).toBe(0)
    })
  })

  test('a failed refresh keeps the local data on screen with a non-blocking message', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await page.goto('/financial')
    // An instalment's row (the skeleton's rows, hidden from assistive technology, are not articles).
    const firstRow = page.getByRole('article').first()
    await expect(firstRow).toBeVisible()
    const firstRowText = await firstRow.innerText()
    await page.route('**/api/v1/at-home/financeiro/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Erro interno do servidor"}' }),
    )
    await page.locator('main').getByRole('button', { name: 'Atualizar', exact: true }).click()
    await expect(page.getByText('Não foi possível atualizar agora. Mostrando os dados salvos.')).toBeVisible({ timeout: 20_000 })
    expect(await firstRow.innerText()).toBe(firstRowText)
  })

  withServiceWorker(() => {
    test('an empty local store offline says so instead of spinning', async ({ page, context }) => {
      // Orders never reach this device: the API is unreachable for them.
      await page.route('**/api/v1/pre-invoice/**', (route) => route.abort('internetdisconnected'))
      await startSignedIn(page, 'ana')
      await page.goto('/financial')
      await waitForOfflineReady(page)
      await context.setOffline(true)
      await page.goto('/pedidos')
      await expect(page.getByText('Você está sem internet e ainda não há dados salvos neste aparelho.', { exact: false })).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    })
  })

  withServiceWorker(() => {
    test("logout wipes the device: the next account never sees the first one's data, online or offline", async ({ page, context }) => {
      await loginAsStudentOnScreen(page)
      await visitAll(page)
      const studentClass = 'Inglês — Intermediário 2'
      // A runtime cache holding an API answer, as a service worker that cached one would leave.
      await page.evaluate(async () =>
        (await caches.open('api-answers')).put('/api/v1/users/me/', new Response('{"full_name":"Ana Beatriz Souza"}')),
      )
      const nav = await mainNav(page)
      await nav.getByRole('button', { name: 'Sair' }).click()
      await expect(page).toHaveURL(/\/login\/main$/)
      // Every store of the device database, whatever version added it, is empty (issue 8). The
      // wipe runs beside the way back to the login screen, so it is read until it has landed
      // (seen in CI: read once, right after the URL changed, a store still had its rows).
      const storeCounts = () =>
        page.evaluate(
          () =>
            new Promise<Record<string, number>>((resolve, reject) => {
              const open = indexedDB.open('portal')
              open.onerror = () => reject(open.error)
              open.onsuccess = () => {
                const db = open.result
                const names = [...db.objectStoreNames]
                const tx = db.transaction(names, 'readonly')
                Promise.all(
                  names.map(
                    (n) =>
                      new Promise<[string, number]>(
                        (res) => (tx.objectStore(n).count().onsuccess = (e) => res([n, (e.target as IDBRequest<number>).result])),
                      ),
                  ),
                )
                  .then((pairs) => resolve(Object.fromEntries(pairs)))
                  .catch(reject)
              }
            }),
        )
      // The stores that still hold rows, by name: a failure says which write outlived the wipe.
      const storesWithRows = async () => Object.entries(await storeCounts()).filter(([, n]) => n > 0)
      await expect.poll(storesWithRows).toEqual([])
      const counts = await storeCounts()
      expect(Object.keys(counts)).toEqual(expect.arrayContaining(['turmas', 'notas', 'parcelas', 'pedidos', 'syncState']))
      expect(Object.values(counts).every((n) => n === 0)).toBe(true)
      // No account key, no kept user, no runtime cache but the app's own precache.
      await expect
        .poll(() =>
          page.evaluate(async () => ({
            keys: Object.keys(localStorage).filter((key) =>
              ['token', 'cpf_email_verification_token', 'bookInfo', 'push_subscription_auth'].includes(key),
            ),
            keptUser: localStorage.getItem('portal-kept-user')?.includes('Ana Beatriz Souza') ?? false,
            apiCache: (await caches.keys()).includes('api-answers'),
          })),
        )
        .toEqual({ keys: [], keptUser: false, apiCache: false })

      await login(page, SIBLINGS.cpf, SIBLINGS.password)
      await page.getByRole('button', { name: new RegExp(SIBLINGS.names[1]!) }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.goto('/pedagogico/list')
      await expect(page.getByTestId('updated-at').first()).toBeVisible()
      await expect(page.getByRole('heading', { name: studentClass })).toHaveCount(0)
      await page.goto('/financial')
      await expect(page.getByTestId('updated-at').first()).toBeVisible()
      await waitForOfflineReady(page)
      await context.setOffline(true)
      for (const path of ['/pedagogico/list', '/financial', '/pedidos', '/dashboard']) {
        await page.goto(path)
        await expect(page.getByText('Você está sem internet.', { exact: false })).toBeVisible()
        await expect(page.getByText(studentClass)).toHaveCount(0)
        await expect(page.getByText(STUDENT.name)).toHaveCount(0)
      }
    })
  })
})
