import { expect, test, type Page } from '@playwright/test'
import { instalmentRows, readStore, seedSession, slowCpu, storedEtagHints } from './fixtures.ts'

/**
 * A screen's request and its answer do not wait for the device database (issue 37): on a
 * first visit the database's code and its opening took longer than the answer, and the
 * screen's data came a second later on a phone. The request goes out while the database
 * loads, with the ETag the device last stored (a hint kept beside the token); the
 * answer is drawn at once and stored once the database is there.
 */

const DEXIE_CHUNK = /\/assets\/dexie-[^/]+\.js$/
const FINANCEIRO = /\/api\/v1\/at-home\/financeiro\/$/

/** Holds the device database's code until `release` is called; tells whether any of it was served. */
async function holdTheDatabase(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const state = { served: false, release }
  await page.route(DEXIE_CHUNK, async (route) => {
    await held
    state.served = true
    await route.continue()
  })
  return state
}

/** Holds every script of the app until `release` is called; `held()` counts the ones waiting. */
async function holdTheScripts(page: Page) {
  let holding = true
  const waiting: Array<() => void> = []
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve))
    await route.continue()
  })
  return {
    held: () => waiting.length,
    release: () => {
      holding = false
      for (const release of waiting.splice(0)) release()
    },
  }
}

/** The sync rows `keys` are on the device: read once the app has created its database (an earlier open would create an empty one). */
async function expectStored(page: Page, keys: string[]) {
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'portal'))).toBe(true)
  await expect
    .poll(async () => (await readStore<{ key: string }>(page, 'syncState').catch(() => [])).map((row) => row.key))
    .toEqual(expect.arrayContaining(keys))
}

test('the instalments are requested and drawn while the device database is still loading, and stored once it has', async ({ page }) => {
  const seeding = await seedSession(page, 'ana')
  const database = await holdTheDatabase(page)

  const requested = page.waitForRequest(FINANCEIRO)
  await page.goto('/financial')
  await requested
  // The answer is on screen while not one byte of the database's code has been served.
  await expect(instalmentRows(page).first()).toBeVisible()
  const rows = await instalmentRows(page).count()
  expect(database.served).toBe(false)

  database.release()
  // Stored on the device once the database is there (its ETag hint is written after the rows):
  // the rows stay, now read from it.
  await expect.poll(() => storedEtagHints(page)).toContain('financeiro')
  expect(await readStore(page, 'parcelas')).toHaveLength(rows)
  await expect(instalmentRows(page)).toHaveCount(rows)
  await seeding.dispose()
})

test('online, the device database is asked for only once React has drawn the first screen, so its evaluation never holds that screen back', async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  // A phone's CPU: the entry's start takes long enough that a request made during it is seen.
  await slowCpu(page, 4)
  const drawnWhenAsked: boolean[] = []
  await page.route(DEXIE_CHUNK, async (route) => {
    // The pre-rendered markup is React's once its first commit is in (main.tsx).
    drawnWhenAsked.push((await page.locator('#root[data-prerendered]').count()) === 0)
    await route.continue()
  })
  await page.goto('/financial')
  await expect(instalmentRows(page).first()).toBeVisible()
  // It still loads, after the screen: the answer is stored on the device.
  await expect.poll(() => storedEtagHints(page)).toContain('financeiro')
  expect(drawnWhenAsked).toEqual([true])
  await seeding.dispose()
})

test("a first visit: React's first commit draws the instalments, and what waits for the first screen is asked for only once they are shown", async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  await slowCpu(page, 4)
  // What the student sees when React takes over the pre-rendered screen, and every largest paint.
  await page.addInitScript(() => {
    const seen = { rowsAtTakeover: null as number | null, largest: [] as string[] }
    Object.assign(window, { __seen: seen })
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root')
      if (!root || root.hasAttribute('data-prerendered') || !document.getElementById('main')) return
      seen.rowsAtTakeover = document.querySelectorAll('.parcela:not([aria-hidden])').length
      observer.disconnect()
    }).observe(document, { subtree: true, childList: true, attributes: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[])
        seen.largest.push(entry.element?.closest('.parcela:not([aria-hidden])') ? 'instalment' : (entry.element?.tagName ?? '?'))
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  // The answer comes after the app's code (a slow line): 600 ms after the last script was
  // served, when the app has loaded its route and waits for it to take over.
  let lastScript = 0
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await route.continue()
    lastScript = Date.now()
  })
  await page.route(FINANCEIRO, async (route) => {
    while (lastScript === 0 || Date.now() - lastScript < 600) await new Promise((resolve) => setTimeout(resolve, 50))
    await route.continue()
  })
  const shownWhenAsked: Record<string, boolean> = {}
  const later = /\/assets\/(dexie|session|frame-later)-[^/]+\.js$/
  await page.route(later, async (route) => {
    const chunk = later.exec(route.request().url())![1]!
    shownWhenAsked[chunk] = await page.evaluate(() =>
      (window as unknown as { __seen: { largest: string[] } }).__seen.largest.includes('instalment'),
    )
    await route.continue()
  })
  await page.goto('/financial')
  await expect(instalmentRows(page).first()).toBeVisible()
  await expect.poll(() => storedEtagHints(page)).toContain('financeiro')
  const seen = await page.evaluate(() => (window as unknown as { __seen: { rowsAtTakeover: number | null } }).__seen)
  // No skeleton of React's own between the pre-rendered one and the data.
  expect(seen.rowsAtTakeover).toBe(await instalmentRows(page).count())
  expect(shownWhenAsked).toEqual({ dexie: true, session: true, 'frame-later': true })
  await seeding.dispose()
})

test("the shell asks for the instalments before the app's code has arrived, and the app takes that answer instead of asking again", async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  const scripts = await holdTheScripts(page)
  const asked: string[] = []
  page.on('request', (request) => {
    if (FINANCEIRO.test(request.url())) asked.push(request.url())
  })

  // The page's load waits for its scripts: the test goes on once the shell has arrived.
  await page.goto('/financial', { waitUntil: 'commit' })
  // Not one of the app's scripts has been served, and the instalments' request is on its way (issue 37).
  await expect.poll(() => asked.length).toBe(1)
  expect(scripts.held()).toBeGreaterThan(0)
  scripts.release()
  await expect(instalmentRows(page).first()).toBeVisible()
  await expect.poll(() => storedEtagHints(page)).toContain('financeiro')
  // The app's sync took the shell's answer: one request in all.
  expect(asked).toHaveLength(1)
  await seeding.dispose()
})

test("a member's club page asks for the balance and the catalogue before the app's code has arrived, and a reload sends their ETags", async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  const scripts = await holdTheScripts(page)
  const CLUB = /\/api\/v1\/(transactions\/extrato|rewards)\/$/
  const asked: string[] = []
  page.on('request', (request) => {
    if (CLUB.test(request.url())) asked.push(new URL(request.url()).pathname)
  })

  await page.goto('/knn-club/usar-pontos', { waitUntil: 'commit' })
  await expect.poll(() => asked.toSorted()).toEqual(['/api/v1/rewards/', '/api/v1/transactions/extrato/'])
  expect(scripts.held()).toBeGreaterThan(0)
  scripts.release()
  await expect(page.getByTestId('club-saldo')).toHaveText(/^\d+ pontos?$/)
  await expect(page.getByRole('article', { name: 'Squeeze KNN' })).toBeVisible()
  await expect.poll(() => storedEtagHints(page)).toContain('clubExtrato')
  await expect.poll(() => storedEtagHints(page)).toContain('clubRecompensas')
  // The app's syncs took the shell's answers: one request each.
  expect(asked).toHaveLength(2)

  // Unchanged since: the reload's answers are 304s, and the stored balance and catalogue are drawn.
  const answers: number[] = []
  page.on('response', (response) => {
    if (CLUB.test(response.url())) answers.push(response.status())
  })
  await page.reload()
  await expect(page.getByTestId('club-saldo')).toHaveText(/^\d+ pontos?$/)
  await expect(page.getByRole('article', { name: 'Squeeze KNN' })).toBeVisible()
  await expect.poll(() => answers).toEqual([304, 304])
  await seeding.dispose()
})

test('a reload sends the ETag the device stored before its database has loaded; the unchanged answer (304) draws the stored instalments', async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  await page.goto('/financial')
  await expect(instalmentRows(page).first()).toBeVisible()
  const rows = await instalmentRows(page).count()
  // Stored, with its ETag, before the reload.
  await expect.poll(() => storedEtagHints(page)).toContain('financeiro')

  const database = await holdTheDatabase(page)
  const answered = page.waitForResponse(FINANCEIRO)
  await page.reload()
  const answer = await answered
  expect(answer.request().headers()['if-none-match']).toMatch(/^(W\/)?"/)
  expect(answer.status()).toBe(304)

  database.release()
  await expect(instalmentRows(page)).toHaveCount(rows)
  await seeding.dispose()
})

test("the class list shows the student's classes while the device database is still loading", async ({ page }) => {
  const seeding = await seedSession(page, 'ana')
  const database = await holdTheDatabase(page)
  await page.goto('/pedagogico/list')
  await expect(page.getByRole('heading', { level: 2, name: 'Inglês — Intermediário 2' })).toBeVisible()
  expect(database.served).toBe(false)
  database.release()
  await expect.poll(() => storedEtagHints(page)).toContain('turmas')
  await expect(page.getByRole('heading', { level: 2, name: 'Inglês — Intermediário 2' })).toBeVisible()
  await seeding.dispose()
})

test('the club shows the balance and the catalogue while the device database is still loading, and keeps them on screen as it stores them', async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  const database = await holdTheDatabase(page)
  await page.goto('/knn-club/usar-pontos')
  await expect(page.getByTestId('club-saldo')).toHaveText(/^\d+ pontos?$/)
  await expect(page.getByRole('article', { name: 'Squeeze KNN' })).toBeVisible()
  expect(database.served).toBe(false)
  database.release()
  await expectStored(page, ['clubExtrato', 'clubRecompensas'])
  await expect(page.getByTestId('club-saldo')).toHaveText(/^\d+ pontos?$/)
  await seeding.dispose()
})

/** The other screens that show their answer before the device stores it: what Ana sees on each, and its sync row. */
const SHOWN_EARLY = [
  {
    path: '/pedidos',
    syncKey: 'pedidos',
    shown: (page: Page) => page.locator('.pedido').getByText('Aguardando pagamento', { exact: true }).first(),
  },
  {
    path: '/aula-online/list',
    syncKey: 'aulasOnline',
    shown: (page: Page) => page.getByRole('heading', { level: 3, name: 'Conversación — Presentaciones' }),
  },
  {
    path: '/knn-orlando',
    syncKey: 'knnUsaOrlando',
    shown: (page: Page) => page.getByRole('main').getByRole('article', { name: 'KNN Orlando — Férias de julho' }),
  },
  {
    path: '/knn-abre-o-mundo',
    syncKey: 'travelCampaign',
    shown: (page: Page) => page.getByRole('main').getByRole('heading', { level: 2, name: 'KNN abre o mundo 2026' }),
  },
]

for (const screen of SHOWN_EARLY) {
  test(`${screen.path} shows its answer while the device database is still loading, and keeps it on screen as it stores it`, async ({
    page,
  }) => {
    const seeding = await seedSession(page, 'ana')
    const database = await holdTheDatabase(page)
    await page.goto(screen.path)
    await expect(screen.shown(page)).toBeVisible()
    expect(database.served).toBe(false)
    database.release()
    await expectStored(page, [screen.syncKey])
    await expect(screen.shown(page)).toBeVisible()
    await seeding.dispose()
  })
}
