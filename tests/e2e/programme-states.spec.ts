import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, holdApi, serviceWorkerInControl, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * The programme pages' honest states (issue 14, issue 7, issue 4) against the real server:
 * /knn-orlando (src/features/knn-usa) and /knn-abre-o-mundo (src/features/travel-campaign).
 * A skeleton while the answer is on its way, the server's reason with "Atualizar" that works,
 * "not on this device" offline before a first answer, and their empty texts never before an
 * answer said so. Ana (aluno@) only looks: no request is sent, no code validated, no join.
 */

/** One programme page: where it is, the answers that feed it and what the demo student sees once they came. */
interface ProgrammePage {
  name: string
  path: string
  heading: string
  /** Every request of the page's sync (held or refused together). */
  endpoint: RegExp
  /** One of them, refused for the error state. */
  refused: RegExp
  /** The page's own skeleton (aria-hidden placeholders of the content's layout). */
  skeleton: (page: Page) => Locator
  answered: (page: Page) => Locator
  /** Its empty texts: never before an answer said so. */
  emptyTexts: string[]
}

const main = (page: Page) => page.getByRole('main')

const PAGES: ProgrammePage[] = [
  {
    name: 'knn-orlando',
    path: '/knn-orlando',
    heading: 'KNN Orlando',
    endpoint: /\/api\/v1\/knn-usa\//,
    refused: /\/api\/v1\/knn-usa\/turmas\/(\?.*)?$/,
    skeleton: (page) => main(page).locator('article.usa-turma[aria-hidden="true"]'),
    // A class of the seed (server/areas/overseas-study/seed.ts), with its seats.
    answered: (page) => main(page).getByRole('article', { name: 'KNN Orlando — Férias de julho' }),
    emptyTexts: ['Nenhuma turma aberta', 'As turmas ainda não estão neste aparelho. Conecte-se à internet para carregá-las.'],
  },
  {
    name: 'knn-abre-o-mundo',
    path: '/knn-abre-o-mundo',
    heading: 'KNN abre o mundo',
    endpoint: /\/api\/v1\/travel-campaigns\//,
    refused: /\/api\/v1\/travel-campaigns\/atual\/(\?.*)?$/,
    skeleton: (page) => main(page).locator('[aria-hidden="true"]:has(.campaign__summary)'),
    // The open campaign of the seed (server/areas/travel-campaign/seed.ts).
    answered: (page) => main(page).getByRole('heading', { level: 2, name: 'KNN abre o mundo 2026' }),
    emptyTexts: ['Não há nenhuma campanha aberta no momento.', 'A campanha ainda não foi carregada neste aparelho. Conecte-se para vê-la.'],
  },
]

const OFFLINE_NOTHING = 'Você está sem internet e ainda não há dados salvos neste aparelho. Conecte-se para carregar.'

/** Signed in as Ana, the user kept on the device, so a page load starts signed in. */
async function signedIn(page: Page) {
  await startSignedIn(page, 'ana')
  await page.waitForFunction(() => localStorage.getItem('portal-kept-user') !== null)
}

async function expectNoEmptyText(page: Page, part: ProgrammePage) {
  for (const text of part.emptyTexts) await expect(main(page).getByText(text)).toHaveCount(0)
}

const title = (page: Page, part: ProgrammePage) => page.getByRole('heading', { level: 1, name: part.heading, exact: true })

for (const part of PAGES) {
  test.describe(`${part.name}: honest states`, () => {
    test('while the answer is held, a skeleton (no empty, no error); released, the content', async ({ page }) => {
      await signedIn(page)
      const held = await holdApi(page, part.endpoint)
      await page.goto(part.path)
      await expect(title(page, part)).toBeVisible()
      await expect.poll(() => held.held.length, { message: `${part.name} asked` }).toBeGreaterThan(0)
      await expect(main(page).locator('[aria-busy="true"]')).toBeVisible()
      await expect(part.skeleton(page).first()).toBeVisible()
      await expect(main(page).getByRole('status').filter({ hasText: 'Carregando…' })).toBeAttached()
      await expect(part.answered(page)).toHaveCount(0)
      await expect(main(page).getByRole('alert')).toHaveCount(0)
      await expect(main(page).getByText(OFFLINE_NOTHING)).toHaveCount(0)
      await expectNoEmptyText(page, part)

      await held.release()
      await expect(part.answered(page)).toBeVisible()
      await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0)
      await expect(part.skeleton(page)).toHaveCount(0)
      await expectNoEmptyText(page, part)
    })

    test('an error answer shows the server’s reason and "Atualizar" (no empty); "Atualizar" loads the content', async ({ page }) => {
      const reason = `Programa em manutenção (${part.name}).`
      await signedIn(page)
      let failing = true
      await page.route(part.refused, (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: reason }) })
          : route.continue(),
      )
      await page.goto(part.path)
      await expect(title(page, part)).toBeVisible()
      // The query tries a server error three times (src/app/query-client.ts), then says why.
      await expect(main(page).getByRole('alert').filter({ hasText: reason })).toBeVisible()
      const retry = main(page).getByRole('button', { name: 'Atualizar', exact: true })
      await expect(retry).toBeVisible()
      await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0)
      await expect(part.answered(page)).toHaveCount(0)
      await expectNoEmptyText(page, part)
      // While the route still fails: a recovery switched on first could race axe (the query's own retries).
      await expectNoAxeViolations(page)

      failing = false
      await retry.click()
      await expect(part.answered(page)).toBeVisible()
      await expect(main(page).getByText(reason)).toHaveCount(0)
      await expectNoEmptyText(page, part)
    })

    withServiceWorker(() => {
      test('offline and never loaded on this device: "not on this device" (no skeleton, no empty); online, the content', async ({
        page,
        context,
      }) => {
        await signedIn(page)
        await serviceWorkerInControl(page)
        await context.setOffline(true)
        await page.goto(part.path)
        await expect(title(page, part)).toBeVisible()
        await expect(main(page).getByText(OFFLINE_NOTHING)).toBeVisible()
        // Not a skeleton forever, not "empty": nothing is known.
        await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0)
        await expect(part.skeleton(page)).toHaveCount(0)
        await expect(part.answered(page)).toHaveCount(0)
        await expectNoEmptyText(page, part)
        await expectNoAxeViolations(page)

        await context.setOffline(false)
        await expect(part.answered(page)).toBeVisible()
        await expect(main(page).getByText(OFFLINE_NOTHING)).toHaveCount(0)
        await expectNoEmptyText(page, part)
      })
    })
  })
}
