import { expect, test, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { appStarted, field, serviceWorkerInControl, slowCpu, startSignedIn, withServiceWorker } from './fixtures.ts'

/**
 * Issue 7 item 2, "a first paint from HTML": the shell the server (and, offline, the
 * service worker) sends already draws the first screen of its brand, before any script
 * runs, and React takes over without moving anything (CLS ≤ 0.02).
 */

const PHENOM = `http://phenom.localhost:${E2E_PORT}`

/** The computed background colour of the login's submit button, as `rgb(r, g, b)`. */
const submitBackground = (page: Page) =>
  page.getByRole('button', { name: 'Entrar' }).evaluate((button) => getComputedStyle(button).backgroundColor)

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/login/main shows the login screen with the brand’s logo, name and colours, for both brands', async ({ page }) => {
    for (const [origin, name, logo, buttonColour] of [
      ['', 'KNN Idiomas', '/favicon-knn.svg', 'rgb(62, 0, 159)'],
      [PHENOM, 'Phenom Idiomas', '/favicon-phenom.svg', 'rgb(209, 0, 71)'],
    ] as const) {
      await page.goto(`${origin}/login/main`)
      await expect(page.getByRole('heading', { level: 1, name: 'Portal do aluno' })).toBeVisible()
      await expect(page.getByText(name, { exact: true })).toBeVisible()
      await expect(page.locator('.login-card__logo')).toHaveAttribute('src', logo)
      await expect(field(page, 'E-mail ou CPF')).toBeVisible()
      await expect(field(page, 'Senha')).toBeVisible()
      expect(await submitBackground(page)).toBe(buttonColour)
      await expect(page).toHaveTitle(new RegExp(name))
    }
  })

  test('a signed-in route shows the app frame with the dashboard’s cards as skeletons', async ({ page }) => {
    for (const [origin, name] of [
      ['', 'KNN Idiomas'],
      [PHENOM, 'Phenom Idiomas'],
    ] as const) {
      await page.goto(`${origin}/dashboard`)
      await expect(page.getByRole('banner').getByText(name)).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached()
      const cards = page.locator('.summary-grid > section')
      await expect(cards).toHaveCount(4)
      for (const title of ['Aula de hoje', 'Próxima parcela']) {
        const card = page.getByRole('region', { name: title })
        await expect(card).toBeVisible()
        await expect(card).toHaveAttribute('aria-busy', 'true')
        // The card's own figure and two lines, drawn as bars (their sizes: skeletons.spec.ts).
        await expect(card.locator('.summary-text .ui-skeleton-text')).toHaveCount(3)
      }
    }
  })
})

test('on any other screen the app shell shows the frame without the dashboard’s cards, which are not that screen’s', async ({ page }) => {
  // The shell alone: the app's start script never arrives.
  await page.route('**/assets/shell-start-*.js', (route) => route.abort())
  await page.goto('/me')
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'app')
  await expect(page.getByRole('banner').getByText('KNN Idiomas')).toBeVisible()
  await expect(page.locator('#main h1')).toBeHidden()
  await expect(page.getByRole('region', { name: 'Aula de hoje' })).toBeHidden()
  // "Início" is not the current screen here: it looks like every other entry.
  expect(await entryLooks(page, '.drawer__item', '/dashboard')).toEqual(await entryLooks(page, '.drawer__item', '/financial'))
  await page.goto('/dashboard')
  await expect(page.locator('#main h1')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Aula de hoje' })).toBeVisible()
  expect(await entryLooks(page, '.drawer__item', '/dashboard')).not.toEqual(await entryLooks(page, '.drawer__item', '/financial'))
})

test('phone: on any other screen the shell’s tab bar marks no tab as current; on the dashboard, "Início"', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.route('**/assets/shell-start-*.js', (route) => route.abort())
  await page.goto('/me')
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'app')
  expect(await entryLooks(page, '.tab-bar__item', '/dashboard')).toEqual(await entryLooks(page, '.tab-bar__item', '/financial'))
  await page.goto('/dashboard')
  expect(await entryLooks(page, '.tab-bar__item', '/dashboard')).not.toEqual(await entryLooks(page, '.tab-bar__item', '/financial'))
})

test('phone: the tab bar’s areas have shells of their own: their heading, skeletons and current tab before any script', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.route('**/assets/shell-start-*.js', (route) => route.abort())
  const tabBar = page.getByRole('navigation', { name: 'Atalhos' })
  for (const [path, heading, tab] of [
    ['/financial', 'Financeiro', 'Financeiro'],
    ['/pedagogico/list', 'Minhas turmas', 'Pedagógico'],
    ['/pedidos', 'Meus pedidos', 'Pedidos'],
  ] as const) {
    await page.goto(path)
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'app')
    await expect(page.locator('#main h1')).toHaveText(heading)
    await expect(page.locator('#main [aria-busy="true"]').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Aula de hoje' })).toHaveCount(0)
    await expect(tabBar.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page')
    expect(await entryLooks(page, '.tab-bar__item', path)).not.toEqual(await entryLooks(page, '.tab-bar__item', '/dashboard'))
  }
  // A page under an area (an instalment's payment) is not the area's screen: the frame alone.
  await page.goto('/financial/pagar/1')
  await expect(page.locator('#main h1')).toBeHidden()
})

/** How a navigation entry of the shell looks: its colours and weight, and its icon's background. */
function entryLooks(page: Page, itemClass: string, href: string) {
  return page.locator(`${itemClass}[href="${href}"]`).evaluate((entry) => {
    const style = getComputedStyle(entry)
    const icon = entry.querySelector('.nav-icon')
    return [style.color, style.backgroundColor, style.fontWeight, icon ? getComputedStyle(icon).backgroundColor : '']
  })
}

interface FirstPaintRecord {
  /** Layout shift so far (CLS of the page load). */
  cls: number
  /** Each shift counted in `cls`: when, how much, and which elements moved from where to where (said when a check fails). */
  shifts: { at: number; value: number; moved: string[] }[]
  /** CLS when React's first commit replaced the pre-rendered markup. */
  clsAtTakeOver: number
  /** Boxes [x, y, width, height] as the pre-rendered HTML laid them out, and right after React's commit. */
  before: Record<string, number[]>
  after: Record<string, number[]>
}

/**
 * Records layout shifts from the very start of the page (before any of its scripts), and
 * the boxes of `selectors` as the pre-rendered HTML laid them out and in the same task as
 * React's first commit (main.tsx drops data-prerendered right after it), before any data
 * that arrives later can change them.
 */
async function watchFirstPaint(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const record: FirstPaintRecord = { cls: 0, shifts: [], clsAtTakeOver: -1, before: {}, after: {} }
    Object.assign(window, { __firstPaint: record })
    const boxes = () =>
      Object.fromEntries(
        watched.flatMap((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect()
          return box ? [[selector, [box.x, box.y, box.width, box.height]]] : []
        }),
      )
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    const name = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')}`
        : String(node?.nodeName)
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => [x, y, width, height].map(Math.round).join(',')
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
        if (entry.hadRecentInput) continue
        record.cls += entry.value
        record.shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => `${name(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('DOMContentLoaded', () => (record.before = boxes()))
    const takeOver = new MutationObserver(() => {
      if (document.getElementById('root')?.hasAttribute('data-prerendered') !== false) return
      record.after = boxes()
      record.clsAtTakeOver = record.cls
      takeOver.disconnect()
    })
    takeOver.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] })
  }, selectors)
}

/** Once React took over: the record, and how far each box moved (-1: missing on one side). */
async function afterTakeOver(page: Page, selectors: string[]) {
  await appStarted(page)
  // Two frames: shifts are reported after layout.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const record = await page.evaluate(() => (window as unknown as { __firstPaint: FirstPaintRecord }).__firstPaint)
  const moves = Object.fromEntries(
    selectors.map((selector) => {
      const [before, after] = [record.before[selector], record.after[selector]]
      return [selector, before && after ? Math.max(...before.map((value, i) => Math.abs(value - after[i]!))) : -1]
    }),
  )
  return { record, moves }
}

test('React takes over the pre-rendered login screen without moving it', async ({ page }) => {
  const watched = ['.login-card', '.login-card__title', '#main form', '.login-form__submit']
  await watchFirstPaint(page, watched)
  await page.goto('/login/main')
  const { record, moves } = await afterTakeOver(page, watched)
  expect(moves).toEqual(Object.fromEntries(watched.map((selector) => [selector, 0])))
  expect(record.clsAtTakeOver, JSON.stringify(record.shifts)).toBeLessThanOrEqual(0.02)
  // The whole load, after React too: nothing on the login screen waits for data.
  expect(record.cls, JSON.stringify(record.shifts)).toBeLessThanOrEqual(0.02)
  // The live form works: it is React's now, not the pre-rendered copy.
  await field(page, 'E-mail ou CPF').fill('aluno@example.com')
  await expect(field(page, 'E-mail ou CPF')).toHaveValue('aluno@example.com')
})

test('on a low-tier phone’s CPU the first paint is the whole login card: nothing moves as the page is parsed', async ({ page }) => {
  // A slow parser yields mid-page and Chrome paints what it has: before the shell held its
  // first paint for the end of #root (scripts/prerender.ts), the header alone was drawn
  // centred, then the whole card, moved (a shift of 0.03–0.08 in most loads at 20×).
  await slowCpu(page, 20)
  await watchFirstPaint(page, ['.login-card'])
  for (let load = 0; load < 4; load++) {
    await page.goto('/login/main')
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const record = await page.evaluate(() => (window as unknown as { __firstPaint: FirstPaintRecord }).__firstPaint)
    expect(record.shifts, `load ${load + 1}`).toEqual([])
  }
  await expect(field(page, 'E-mail ou CPF')).toBeVisible()
})

test('React takes over the pre-rendered frame of a signed-in route without moving it', async ({ page }) => {
  await startSignedIn(page, 'ana')
  const watched = [
    '.top-bar',
    '#main',
    '#app-drawer',
    '.welcome__title',
    '.summary-grid > section:nth-child(1)',
    '.summary-grid > section:nth-child(4)',
  ]
  await watchFirstPaint(page, watched)
  await page.reload()
  const { record, moves } = await afterTakeOver(page, watched)
  // Within a pixel: the frame cannot know the student's name, only leave its place.
  expect(Object.entries(moves).filter(([, move]) => move < 0 || move > 1)).toEqual([])
  expect(record.clsAtTakeOver, JSON.stringify(record.shifts)).toBeLessThanOrEqual(0.02)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
})

withServiceWorker(() => {
  test('offline, the service worker answers each page with the same pre-rendered shell as the server', async ({ page, context }) => {
    await page.goto('/login/main')
    await serviceWorkerInControl(page)
    await context.setOffline(true)
    for (const [path, kind] of [
      ['/login/main', 'login'],
      ['/pedidos', 'app'],
    ] as const) {
      const answer = await page.goto(path)
      expect(answer?.fromServiceWorker(), path).toBe(true)
      expect(await answer?.text(), path).toContain(`<div id="root" data-prerendered="${kind}"`)
    }
  })
})

test("a data screen's shell asks for the app's largest files itself, before its start script has run; the login's and the home's do not", async ({
  page,
}) => {
  // The start script never arrives: whatever is fetched was asked for by the HTML.
  await page.route('**/assets/shell-start-*.js', (route) => route.abort())
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const askedBy = async (path: string) => {
    scripts.length = 0
    await page.goto(path, { waitUntil: 'networkidle' })
    return scripts.filter((script) => !script.includes('/shell-start-')).map((script) => script.replace(/-[\w-]{8}\.js$/, ''))
  }
  // The instalments' largest paint is drawn by the app: its entry, runtime and initial chunk download with the document.
  expect((await askedBy('/financial')).sort()).toEqual(['/assets/index', '/assets/initial', '/assets/rolldown-runtime'])
  expect((await askedBy('/pedagogico/list')).sort()).toEqual(['/assets/index', '/assets/initial', '/assets/rolldown-runtime'])
  // There the largest paint is the pre-rendered screen: nothing may download before it.
  expect(await askedBy('/login/main')).toEqual([])
  expect(await askedBy('/dashboard')).toEqual([])
})
