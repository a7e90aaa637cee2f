import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, holdApi, login, serviceWorkerInControl, SIBLINGS, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * The club's pages in their honest states (issue 13, issue 7): a skeleton while
 * the answer is on its way, the server's error with "Atualizar" that works, "not on this
 * device" offline before a first answer, and the empty texts only once an answer said so.
 */

const ENDPOINT = {
  extrato: /\/api\/v1\/transactions\/extrato\/(\?.*)?$/,
  rewards: /\/api\/v1\/rewards\/(\?.*)?$/,
  orders: /\/api\/v1\/transactions\/debit\/rewards\/(\?.*)?$/,
  coupon: /\/api\/v1\/at-home\/parceria-cupom\/(\?.*)?$/,
}

const EMPTY_TEXTS = [
  'Nenhuma movimentação ainda.',
  'Você ainda não resgatou nenhuma recompensa.',
  'Nenhuma recompensa no catálogo no momento.',
  'Nenhum cupom de parceria aplicado.',
]
const OFFLINE_NOTHING = 'Você está sem internet e ainda não há dados salvos neste aparelho. Conecte-se para carregar.'

/** One page's piece of the club: where it is, which answer feeds it and what it shows once answered. */
interface ClubPart {
  name: string
  path: string
  endpoint: RegExp
  /** The part of the page fed by that answer. */
  area: (page: Page) => Locator
  /** What the demo student sees once it answered. */
  answered: (page: Page) => Locator
}

const main = (page: Page) => page.getByRole('main')
const couponBox = (page: Page) => page.getByRole('region', { name: 'Cupom de parceria' })

const PARTS: ClubPart[] = [
  {
    name: 'meu-clube (balance)',
    path: '/knn-club/meu-clube',
    endpoint: ENDPOINT.extrato,
    area: main,
    answered: (page) => page.getByTestId('club-saldo').filter({ hasText: /^\d+ pontos?$/ }),
  },
  {
    name: 'usar-pontos (catalogue)',
    path: '/knn-club/usar-pontos',
    endpoint: ENDPOINT.rewards,
    area: main,
    answered: (page) => page.getByRole('article', { name: 'Squeeze KNN' }),
  },
  {
    name: 'meus-pedidos',
    path: '/knn-club/meus-pedidos',
    endpoint: ENDPOINT.orders,
    area: main,
    answered: (page) => page.getByTestId('club-order').first(),
  },
  {
    name: 'meu-extrato',
    path: '/knn-club/meu-extrato',
    endpoint: ENDPOINT.extrato,
    area: main,
    answered: (page) => page.getByTestId('club-movement').first(),
  },
  {
    name: 'juntar-pontos (coupon box)',
    path: '/knn-club/juntar-pontos',
    endpoint: ENDPOINT.coupon,
    area: couponBox,
    // Another spec may attach a coupon to the demo student: either answer is an answer.
    answered: (page) => couponBox(page).getByTestId('club-coupon').or(couponBox(page).getByText('Nenhum cupom de parceria aplicado.')),
  },
]

/**
 * The device forgets the club's data (its sync rows), as a device that never loaded
 * them: meu-clube and meu-extrato read the same statement, so each page starts from nothing.
 */
/**
 * Forgets the club's answers on the device. The app creates its database after the first
 * screen: until it has, this waits, and never creates an empty one itself (an
 * open that would create it is aborted), which the app would then have to upgrade.
 */
async function forgetClubOnDevice(page: Page) {
  const forgot = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('portal')
          open.onupgradeneeded = () => open.transaction?.abort()
          open.onerror = () => resolve(false)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('syncState')) {
              db.close()
              return resolve(false)
            }
            const tx = db.transaction('syncState', 'readwrite')
            for (const key of ['clubExtrato', 'clubRecompensas', 'clubPedidos']) tx.objectStore('syncState').delete(key)
            tx.oncomplete = () => {
              db.close()
              resolve(true)
            }
            tx.onerror = () => {
              db.close()
              resolve(false)
            }
          }
        }),
    )
  await expect.poll(forgot, { message: 'the device database is there' }).toBe(true)
}

/**
 * Signed in as the demo student from the stored session (the user kept on the device),
 * once the dashboard drew its data from the device's database, whose club rows the tests
 * then forget.
 */
async function signedIn(page: Page) {
  await startSignedIn(page, 'ana')
  await expect(page.getByRole('heading', { name: 'Próxima parcela' })).toBeVisible()
  await expect(page.getByText(/R\$/).first()).toBeVisible()
}

async function expectNoEmptyText(area: Locator) {
  for (const text of EMPTY_TEXTS) await expect(area.getByText(text)).toHaveCount(0)
}

test.describe('KNN Club honest states (issue 13)', () => {
  test('each page shows its skeleton while its answer is slow, then the data, never "empty" first', async ({ page }) => {
    test.setTimeout(120_000)
    await signedIn(page)
    for (const part of PARTS) {
      await test.step(part.name, async () => {
        await forgetClubOnDevice(page)
        const held = await holdApi(page, part.endpoint)
        await page.goto(part.path)
        await expect.poll(() => held.held.length, { message: `${part.name} asked` }).toBeGreaterThan(0)
        const area = part.area(page)
        await expect(area.locator('[aria-busy="true"]').first()).toBeVisible()
        await expect(area.getByRole('status').filter({ hasText: 'Carregando' }).first()).toBeAttached()
        await expect(part.answered(page)).toHaveCount(0)
        await expectNoEmptyText(area)
        await held.release()
        await expect(part.answered(page)).toBeVisible()
        await expect(area.locator('[aria-busy="true"]')).toHaveCount(0)
        await page.unroute(part.endpoint)
      })
    }
  })

  test('a refused answer shows the server’s reason and "Atualizar", which then brings the data', async ({ page }) => {
    test.setTimeout(120_000)
    await signedIn(page)
    for (const part of PARTS) {
      await test.step(part.name, async () => {
        const reason = `Clube em manutenção (${part.name}).`
        await forgetClubOnDevice(page)
        await page.route(part.endpoint, (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: reason }) }),
        )
        await page.goto(part.path)
        await expect(page.getByRole('heading', { level: 1, name: /^KNN Club · / })).toBeVisible()
        const area = part.area(page)
        // The query tries a 500 three times (src/app/query-client.ts), then says why.
        await expect(area.getByText(reason)).toBeVisible()
        await expect(part.answered(page)).toHaveCount(0)
        await expectNoEmptyText(area)
        await page.unroute(part.endpoint)
        await area.getByRole('button', { name: 'Atualizar', exact: true }).click()
        await expect(part.answered(page)).toBeVisible()
        await expect(area.getByText(reason)).toHaveCount(0)
      })
    }
  })

  test('usar-pontos says why the balance is missing when the statement is refused, and its retry brings it', async ({ page }) => {
    test.setTimeout(90_000)
    await signedIn(page)
    await page.route(ENDPOINT.extrato, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Extrato em manutenção.' }) }),
    )
    await page.goto('/knn-club/usar-pontos')
    // The catalogue answered; the balance says it could not be loaded (after the query's retries).
    await expect(page.getByRole('article', { name: 'Squeeze KNN' })).toBeVisible()
    await expect(main(page).getByText('Não foi possível carregar o seu saldo.')).toBeVisible()
    await expect(page.getByTestId('club-saldo')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.unroute(ENDPOINT.extrato)
    await main(page).getByRole('button', { name: 'Carregar o saldo de novo' }).click()
    await expect(page.getByTestId('club-saldo')).toHaveText(/^\d+ pontos?$/)
    await expect(main(page).getByText('Não foi possível carregar o seu saldo.')).toHaveCount(0)
  })

  withServiceWorker(() => {
    test('offline on a device that never loaded them, each page says they are not on this device', async ({ page, context }) => {
      test.setTimeout(120_000)
      await signedIn(page)
      await serviceWorkerInControl(page)
      await context.setOffline(true)
      for (const part of PARTS) {
        await test.step(part.name, async () => {
          await page.goto(part.path)
          await expect(page.getByRole('heading', { level: 1, name: /^KNN Club · / })).toBeVisible()
          const area = part.area(page)
          await expect(area.getByText(OFFLINE_NOTHING).first()).toBeVisible()
          // Not a skeleton forever, not "empty": nothing is known.
          await expect(area.locator('[aria-busy="true"]')).toHaveCount(0)
          await expect(part.answered(page)).toHaveCount(0)
          await expectNoEmptyText(area)
        })
      }
    })
  })

  test('a member with no movement and no order sees the empty texts only after the answers', async ({ page }) => {
    test.setTimeout(90_000)
    // Marina (a member, server/areas/club/seed.ts: no movement, no order, a coupon already used).
    await login(page, SIBLINGS.cpf, SIBLINGS.password)
    await page.getByRole('button', { name: /Marina Pereira/ }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    for (const [path, endpoint, empty] of [
      ['/knn-club/meu-extrato', ENDPOINT.extrato, 'Nenhuma movimentação ainda.'],
      ['/knn-club/meus-pedidos', ENDPOINT.orders, 'Você ainda não resgatou nenhuma recompensa.'],
    ] as const) {
      await test.step(path, async () => {
        const held = await holdApi(page, endpoint)
        await page.goto(path)
        await expect.poll(() => held.held.length).toBeGreaterThan(0)
        await expect(main(page).locator('[aria-busy="true"]').first()).toBeVisible()
        await expect(page.getByText(empty)).toHaveCount(0)
        await held.release()
        await expect(main(page).getByText(empty)).toBeVisible()
        await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0)
        await page.unroute(endpoint)
      })
    }
  })
})
