import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test'
import { expectNoAxeViolations, serviceWorkerInControl, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * The payment screens' honest states (issue 7's) against the real server, for an
 * instalment (/financial/pagar/{id}) and an order (/pedidos/pagar/{id}) of Ana's: the
 * summary's skeleton while the first answer is slow, the error with "Atualizar" that works,
 * and an id the device never had while offline. Nothing here pays: the screens are read.
 */

interface Screen {
  name: string
  /** The device's sync that draws the screen. */
  api: RegExp
  path: (id: number) => string
  title: string
  /** The payment summary's label: its region once drawn. */
  summary: string
  notOnDevice: string
  notFound: string
  /** The first id of Ana's the server answers. */
  firstId: (api: Api) => Promise<number>
}

type Api = <T>(path: string) => Promise<T>

const SCREENS: Screen[] = [
  {
    name: 'instalment',
    api: /\/api\/v1\/at-home\/financeiro\/(\?.*)?$/,
    path: (id) => `/financial/pagar/${id}`,
    title: 'Pagar parcela',
    summary: 'Valor',
    notOnDevice: 'Esta parcela ainda não está neste aparelho. Conecte-se para carregar o financeiro.',
    notFound: 'Não encontramos esta parcela entre as suas.',
    firstId: async (api) => (await api<{ parcelas: { id: number }[] }>('/api/v1/at-home/financeiro/')).parcelas[0]!.id,
  },
  {
    name: 'order',
    api: /\/api\/v1\/pre-invoice\/(\?.*)?$/,
    path: (id) => `/pedidos/pagar/${id}`,
    title: 'Pagar pedido',
    summary: 'Pedido a pagar',
    notOnDevice: 'Este pedido ainda não está neste aparelho. Conecte-se para carregar os pedidos.',
    notFound: 'Não encontramos este pedido entre os seus.',
    firstId: async (api) => (await api<{ items: { id: number }[] }>('/api/v1/pre-invoice/')).items[0]!.id,
  },
]

type Mode = 'refuse' | 'hold' | 'fail' | 'pass'

/**
 * Ana signed in on a device that never stored this screen's data (its sync refused during
 * the login), the screen's API then answering as `mode` says; the id of hers to open comes
 * from the server directly.
 */
async function freshDevice(page: Page, request: APIRequestContext, screen: Screen) {
  let mode: Mode = 'refuse'
  const held: Route[] = []
  await page.route(screen.api, (route) => {
    if (mode === 'refuse') return route.abort('connectionrefused')
    if (mode === 'fail') {
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Erro interno do servidor' }) })
    }
    if (mode === 'hold') return void held.push(route)
    return route.continue()
  })
  await startSignedIn(page, 'ana')
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const api: Api = async (path) => (await request.get(path, { headers: { Authorization: `Bearer ${token}` } })).json()
  return {
    id: await screen.firstId(api),
    held,
    set: (next: Mode) => (mode = next),
    release: async () => {
      mode = 'pass'
      for (const route of held.splice(0)) await route.continue().catch(() => undefined)
    },
  }
}

const amount = /R\$\s[\d.]+,\d\d/

for (const screen of SCREENS) {
  test.describe(`paying an ${screen.name}: honest states`, () => {
    test('a slow first answer shows the summary skeleton, busy, never "not found"; then the answer', async ({ page, request }) => {
      const device = await freshDevice(page, request, screen)
      device.set('hold')
      await page.goto(screen.path(device.id))
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible()
      await expect.poll(() => device.held.length).toBeGreaterThan(0)
      const busy = page.locator('main [aria-busy="true"]')
      await expect(busy).toBeVisible()
      await expect(busy.locator('.payment-summary .ui-skeleton-text').first()).toBeAttached()
      await expect(page.getByText(screen.notFound)).toHaveCount(0)
      await expect(page.getByRole('radio', { name: 'Pix' })).toHaveCount(0)

      await device.release()
      await expect(page.getByRole('region', { name: screen.summary })).toContainText(amount)
      await expect(busy).toHaveCount(0)
    })

    test('the server failing (500) shows the error with "Atualizar", which works once it is back', async ({ page, request }) => {
      const device = await freshDevice(page, request, screen)
      device.set('fail')
      await page.goto(screen.path(device.id))
      const error = page.locator('main').getByRole('alert')
      await expect(error).toBeVisible()
      await expect(page.getByText(screen.notFound)).toHaveCount(0)
      await expect(page.getByRole('region', { name: screen.summary })).toHaveCount(0)
      await expectNoAxeViolations(page)

      device.set('pass')
      await page.locator('main').getByRole('button', { name: 'Atualizar', exact: true }).click()
      await expect(page.getByRole('region', { name: screen.summary })).toContainText(amount)
      await expect(error).toHaveCount(0)
    })

    test('the network failing says so, and "Atualizar" loads the screen once it is back', async ({ page, request }) => {
      const device = await freshDevice(page, request, screen)
      await page.goto(screen.path(device.id))
      await expect(page.locator('main').getByText('Não foi possível conectar ao servidor.', { exact: false })).toBeVisible()
      await expect(page.getByText(screen.notFound)).toHaveCount(0)

      device.set('pass')
      await page.locator('main').getByRole('button', { name: 'Atualizar', exact: true }).click()
      await expect(page.getByRole('region', { name: screen.summary })).toContainText(amount)
    })

    withServiceWorker(() => {
      test('offline, an id the device never had is "not on this device", not "not found"; online, the answer says not found', async ({
        page,
        context,
      }) => {
        await startSignedIn(page, 'ana')
        await serviceWorkerInControl(page)
        // The device holds this screen's data: the list, without the id asked for below.
        await page.goto(screen.path(987_654))
        await expect(page.getByText(screen.notFound)).toBeVisible()

        await context.setOffline(true)
        await page.reload()
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible()
        await expect(page.getByText(screen.notOnDevice)).toBeVisible()
        await expect(page.getByText(screen.notFound)).toHaveCount(0)

        await context.setOffline(false)
        await expect(page.getByText(screen.notFound)).toBeVisible()
        await expect(page.getByText(screen.notOnDevice)).toHaveCount(0)
      })
    })
  })
}
