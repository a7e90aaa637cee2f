import { expect, test, type Page } from '@playwright/test'
import { builtFileSizes, ROUTE_BUDGETS } from '../../scripts/check-bundle-budget.ts'
import { seedSession } from './fixtures.ts'

/**
 * Every route's JavaScript as a first visit really loads it (issue 37 item 4): the scripts the
 * page requests until the network has been quiet for half a second, the screen's later work
 * included (texts, the worker's registration code, settings), not only what its first paint
 * needs (that is scripts/check-bundle-budget.ts, run by the build). Counted in gzip, each
 * file compressed on its own as the build's budget counts it, and in files. A route that
 * grows past its ceiling fails the run; the ceilings are in scripts/check-bundle-budget.ts.
 */

/** Who opens each route: public pages signed out, the managers' screens as the manager. */
function visitor(url: string): 'ana' | 'manager' | null {
  if (url === '/login/main' || url.startsWith('/indicacao/')) return null
  return url.startsWith('/manager-panel') ? 'manager' : 'ana'
}

async function scriptsUntilQuiet(page: Page, url: string) {
  const scripts = new Set<string>()
  page.on('request', (request) => {
    // The app's own scripts, all under /assets/ (a stand-in's or a configured service's are not the build's).
    const { pathname } = new URL(request.url())
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.add(pathname)
  })
  const who = visitor(url)
  const seeding = who ? await seedSession(page, who) : null
  await page.goto(url, { waitUntil: 'networkidle' })
  await seeding?.dispose()
  return [...scripts]
}

const measured = ROUTE_BUDGETS.filter((route) => route.loaded)

test('every route has a ceiling for what a first visit loads', () => {
  expect(ROUTE_BUDGETS.filter((route) => !route.loaded).map((route) => route.url)).toEqual([])
})

for (const route of measured) {
  test(`${route.url}: the JavaScript a first visit loads stays under its ceiling`, async ({ page }) => {
    const scripts = await scriptsUntilQuiet(page, route.url)
    const kib = scripts.reduce((sum, pathname) => sum + builtFileSizes('dist', pathname).gzip, 0) / 1024
    const { kib: ceilingKib, files: ceilingFiles } = route.loaded!
    console.log(`${route.url}: ${kib.toFixed(1)} KiB gzip in ${scripts.length} files (ceilings ${ceilingKib} KiB, ${ceilingFiles} files)`)
    expect(scripts.length, `${route.url}: JS files on a first visit`).toBeLessThanOrEqual(ceilingFiles)
    expect(kib, `${route.url}: KiB of gzip JS on a first visit`).toBeLessThanOrEqual(ceilingKib)
  })
}
