import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { holdApi, STUDENT, serviceWorkerInControl } from './fixtures.ts'

/**
 * Issue 7: "loading (skeleton of its real size)". What the student sees while a screen's
 * first answer is on its way, drawn by the pre-rendered shell before any script and by the
 * app while it waits, has the size and place of what replaces it: nothing jumps when the
 * data arrives. Box by box, at a phone's and a desktop's width; the dashboard in both brands.
 * (The layout-shift score of whole loads is a measurement: bench/lighthouse.ts prints it.)
 */

const WIDTHS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const

const ORIGINS = { knn: `http://localhost:${E2E_PORT}`, phenom: `http://phenom.localhost:${E2E_PORT}` } as const

type Box = [x: number, y: number, width: number, height: number]

/** The box of each selector's first match, rounded to half a pixel; missing ones are named. */
async function boxes(page: Page, selectors: readonly string[]): Promise<Record<string, Box | 'missing'>> {
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((selector) => {
          const element = document.querySelector(selector)
          if (!element) return [selector, 'missing']
          const { x, y, width, height } = element.getBoundingClientRect()
          return [selector, [x, y, width, height].map((value) => Math.round(value * 2) / 2)]
        }),
      ),
    [...selectors],
  )
}

/** Only the top-left corner and the width: where a block of data-dependent height starts. */
async function starts(page: Page, selectors: readonly string[]) {
  const all = await boxes(page, selectors)
  return Object.fromEntries(Object.entries(all).map(([selector, box]) => [selector, box === 'missing' ? box : box.slice(0, 3)]))
}

let token: string
test.beforeAll(async ({ request }) => {
  const answer = await request.post('/api/v1/login/access-token/', { form: { username: STUDENT.username, password: STUDENT.password } })
  token = ((await answer.json()) as { access_token: string }).access_token
})

/**
 * A signed-in student's first visit on this device (nothing stored yet) at `viewport`: the
 * screen's API requests are held, so it stays in its loading state until `release`. The
 * service worker is kept out of it: every request goes through the held route.
 */
async function firstVisit(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  await context.addInitScript((value) => localStorage.setItem('token', value), token)
  const page = await context.newPage()
  return { context, page }
}

/** React has taken over the pre-rendered markup (main.tsx drops the attribute after its first commit). */
async function appRunning(page: Page) {
  // The app starts after the shell's first paint: on a busy 2-core machine that can take a while.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 20_000 })
}

const DASHBOARD = ['.welcome', '.ui-sync-status', ...[1, 2, 3, 4].map((n) => `.summary-grid > section:nth-child(${n})`)] as const

for (const [brand, origin] of Object.entries(ORIGINS)) {
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    test(`dashboard, ${brand}, ${name}: the shell's and the app's skeleton cards have the real cards' boxes`, async ({ browser }) => {
      test.setTimeout(60_000)
      const cards = (page: Page) => page.locator('.summary-grid > section')

      // Before any script: the shell the server sends.
      const shellContext = await browser.newContext({ viewport, javaScriptEnabled: false })
      const shellPage = await shellContext.newPage()
      await shellPage.goto(`${origin}/dashboard`)
      await expect(cards(shellPage)).toHaveCount(4)
      const shell = await boxes(shellPage, DASHBOARD)
      await shellContext.close()

      const { context, page } = await firstVisit(browser, viewport)
      // The student's own data is held; who they are is not (the frame waits for it).
      const api = await holdApi(page, /\/api\/v1\//, (route) => !new URL(route.request().url()).pathname.endsWith('/users/me/'))
      await page.goto(`${origin}/dashboard`)
      await appRunning(page)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
      await expect(cards(page).and(page.locator('[aria-busy="true"]'))).toHaveCount(4)
      const loading = await boxes(page, DASHBOARD)
      // While the data loads nothing redraws the screen 60 times a second: the skeletons
      // stand still and the sync's spinner ticks in steps.
      const running = await page.evaluate(() =>
        document.getAnimations().map((animation) => ({
          name: (animation as CSSAnimation).animationName,
          easing: (animation.effect as KeyframeEffect).getKeyframes()[0]?.easing,
        })),
      )
      expect(running, 'what moves while the data loads').toEqual([{ name: 'ui-spin', easing: 'steps(8)' }])

      await api.release()
      await expect(page.getByTestId('updated-at')).toBeVisible()
      await expect(page.locator('.summary-grid [aria-busy]')).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Próxima parcela' }).locator('.summary-figure')).toHaveText(/^R\$\s[1-9]/)
      await expect(page.getByRole('region', { name: 'Pedidos em andamento' }).locator('.summary-figure')).toHaveText(/^[1-9]/)
      const real = await boxes(page, DASHBOARD)
      await context.close()

      expect(Object.values(real)).not.toContain('missing')
      expect(loading, 'the app’s skeleton').toEqual(real)
      expect(shell, 'the pre-rendered shell').toEqual(real)
    })
  }
}

/**
 * The other screens' skeletons are the screens' own components with bars for their texts.
 * What stays on screen (the title, "Atualizado em") keeps its place; the content starts where
 * the skeleton did; at a desktop's width, where the demo's texts fit on one line, the first
 * item has the skeleton's exact box. (On a phone an item's height follows how its texts wrap,
 * which no skeleton can know.)
 */
const SCREENS: { path: string; heading: string; first: string; start: string[]; firstStartsOnPhone?: false }[] = [
  // The skeleton never claims an overdue amount, so on a phone the demo student's overdue
  // total adds a row of totals above the instalments: there, only the totals' start counts.
  { path: '/financial', heading: 'Financeiro', first: '.parcela-list > li:first-child', start: ['.totals'], firstStartsOnPhone: false },
  { path: '/pedidos', heading: 'Meus pedidos', first: '.pedido-list > li:first-child', start: ['.pedidos-filter'] },
  { path: '/pedagogico/list', heading: 'Minhas turmas', first: '.turma-list > li:first-child', start: [] },
  { path: '/pedagogico/notas/1', heading: 'Notas', first: '.grade-list > li:first-child', start: ['.grade-summary'] },
]

for (const screen of SCREENS) {
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    test(`${screen.path}, ${name}: nothing on screen moves when the data replaces the skeleton`, async ({ browser }) => {
      test.setTimeout(60_000)
      const fixed = ['#main h1', '.ui-sync-status']
      const startOf = name === 'phone' && screen.firstStartsOnPhone === false ? screen.start : [...screen.start, screen.first]
      const { context, page } = await firstVisit(browser, viewport)
      const api = await holdApi(page, /\/api\/v1\//, (route) => !new URL(route.request().url()).pathname.endsWith('/users/me/'))
      await page.goto(screen.path)
      await appRunning(page)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(screen.heading)
      await expect(page.locator('#main [aria-busy="true"] [role="status"]')).toHaveText('Carregando…')
      const loading = { fixed: await boxes(page, fixed), start: await starts(page, startOf), first: await boxes(page, [screen.first]) }

      await api.release()
      await expect(page.getByTestId('updated-at')).toBeVisible()
      await expect(page.locator('#main [aria-busy]')).toHaveCount(0)
      const real = { fixed: await boxes(page, fixed), start: await starts(page, startOf), first: await boxes(page, [screen.first]) }
      await context.close()

      expect(Object.values({ ...real.fixed, ...real.start })).not.toContain('missing')
      expect(loading.fixed).toEqual(real.fixed)
      expect(loading.start).toEqual(real.start)
      if (name === 'desktop') expect(loading.first).toEqual(real.first)
    })
  }
}

/**
 * /me's "Notificações neste aparelho" loads its code and texts after the screen: at a
 * desktop's width, where its texts fit on one line, its placeholder has the card's size, so
 * the password form below it stays put while the student is about to use it. (Measured from
 * the card's top: the books above it are the screen's own business. On a phone the label
 * wraps beside the switch, which no placeholder can know.)
 */
test('/me, desktop: the notifications card replaces its placeholder without moving the password form', async ({ browser }) => {
  test.setTimeout(60_000)
  const { context, page } = await firstVisit(browser, WIDTHS.desktop)
  const layout = async () => {
    const { card, form } = await page.evaluate(() => ({
      card: document.querySelector('.push-device-card')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
      form: document.querySelector('form[aria-label="Alterar senha"]')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
    }))
    return card && form ? { card: [card.x, card.width, card.height], formFromCardTop: form.y - card.y } : 'missing'
  }
  const code = await holdApi(page, /\/assets\/device-notifications-card-[\w-]+\.js$/)
  await page.goto('/me')
  await appRunning(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu perfil')
  await expect(page.locator('.push-device-card')).toHaveAttribute('aria-busy', 'true')
  const placeholder = await layout()

  await code.release()
  await expect(page.getByRole('switch', { name: 'Receber notificações da escola neste aparelho' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.locator('.push-device-card')).not.toHaveAttribute('aria-busy')
  const real = await layout()
  await context.close()

  expect(real).not.toBe('missing')
  expect(placeholder).toEqual(real)
})

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`dashboard, ${name}: offline, the notice floats and the cards stay where the shell drew them`, async ({ browser }) => {
    test.setTimeout(60_000)
    const shellContext = await browser.newContext({ viewport, javaScriptEnabled: false })
    const shellPage = await shellContext.newPage()
    await shellPage.goto('/dashboard')
    const shell = await boxes(shellPage, DASHBOARD)
    await shellContext.close()

    // The worker serves the offline reload.
    const context = await browser.newContext({ viewport, serviceWorkers: 'allow' })
    await context.addInitScript((value) => localStorage.getItem('token') ?? localStorage.setItem('token', value), token)
    const page = await context.newPage()
    await page.goto('/dashboard')
    await appRunning(page)
    await expect(page.getByRole('region', { name: 'Próxima parcela' }).locator('.summary-figure')).toHaveText(/^R\$\s[1-9]/)
    await serviceWorkerInControl(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByText('Você está sem internet. Mostrando os dados salvos no aparelho.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Próxima parcela' }).locator('.summary-figure')).toHaveText(/^R\$\s[1-9]/)
    await expect(page.getByTestId('updated-at')).toBeVisible()
    const offline = await boxes(page, DASHBOARD)
    await context.close()

    expect(offline).toEqual(shell)
  })
}

test('desktop: a drawer the student minimised is minimised in the shell too, so nothing jumps when the app takes over', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: WIDTHS.desktop, serviceWorkers: 'block' })
  await context.addInitScript((value) => {
    localStorage.setItem('token', value)
    localStorage.setItem('drawer_minimized', '1')
  }, token)
  const refused: string[] = []
  const drawerBoxes = ['.drawer--side', '.app-main'] as const

  // The shell alone: the app's start script never arrives.
  const shellPage = await context.newPage()
  shellPage.on('console', (message) => message.type() === 'error' && refused.push(message.text()))
  await shellPage.route('**/assets/shell-start-*.js', (route) => route.abort())
  await shellPage.goto('/dashboard')
  await expect(shellPage.locator('#root')).toHaveAttribute('data-prerendered', 'app')
  const shell = await boxes(shellPage, drawerBoxes)
  await shellPage.close()

  const page = await context.newPage()
  page.on('console', (message) => message.type() === 'error' && refused.push(message.text()))
  await page.goto('/dashboard')
  await appRunning(page)
  await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible()
  const app = await boxes(page, drawerBoxes)
  await context.close()

  expect(shell['.drawer--side']).not.toBe('missing')
  expect((shell['.drawer--side'] as Box)[2]).toBe(72)
  expect(shell).toEqual(app)
  // The CSP lets the shell's own script run (by its hash), so nothing was refused.
  expect(refused.filter((text) => text.includes('Content Security Policy'))).toEqual([])
})
