import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { readManifest } from '../../scripts/vite-manifest.ts'
import { expectNoAxeViolations, field, serviceWorkerInControl, startSignedIn } from './fixtures.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * The PWA layer against the built app and the real server: offline start after one online
 * visit, no API data in the worker's caches, the user-driven update flow, the install
 * prompt and its report (SPEC §1, §4; D15), and installability of both brands (D5).
 *
 * Every test has its own browser context (its own worker registration and caches); the
 * service worker is waited for as `navigator.serviceWorker.controller`, which is set only
 * after the worker installed (precache filled) and activated (TOOLCHAIN.md).
 */

const LOGIN_HEADING = { name: 'Portal do aluno' }

async function waitForServiceWorker(page: Page): Promise<void> {
  await serviceWorkerInControl(page)
  // Installed means precached: the precache holds the shell and the route chunks.
  const precached = await page.evaluate(async () => {
    const names = await caches.keys()
    const precache = names.find((name) => name.startsWith('workbox-precache'))
    if (!precache) return []
    const keys = await (await caches.open(precache)).keys()
    return keys.map((request) => new URL(request.url).pathname)
  })
  expect(precached).toContain('/index.html')
  expect(precached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true)
}

/** Every URL held by any Cache Storage cache of the page's origin. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
}

/** Marks the current document; the mark is gone once the page has reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { __pwaMark?: boolean }).__pwaMark = true
  })
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __pwaMark?: boolean }).__pwaMark === true)
}

/** A copy of the built app whose files can change: a new deployment while the portal is open. */
interface Deployment {
  baseURL: string
  /** Publishes a new release: sw.js changes (as it does with every build), so the browser finds a new worker. */
  deploy(): void
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
}

/**
 * One small server per test worker: the built app from a private copy of dist/ (the shared
 * e2e server's files must not change under the other spec files), with the API passed
 * through to the real server. A browser's update check for sw.js is made outside the page,
 * where Playwright's routing cannot reach it, so a new deployment is a real change of the
 * file on disk. Static answers follow server/plugins/static-app.ts: hashed assets immutable,
 * everything else revalidated, the app shell for any other page.
 */
const updateTest = test.extend<object, { deployment: Deployment }>({
  deployment: [
    // Playwright reads the fixtures a function needs from its destructuring pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const root = mkdtempSync(join(tmpdir(), 'portal-pwa-dist-'))
      cpSync(resolve(process.env.STATIC_DIR ?? 'dist'), root, { recursive: true })
      const server = createServer((request, response) => {
        const { pathname } = new URL(request.url ?? '/', 'http://localhost')
        if (/^\/(api|drive|healthz)(\/|$)/.test(pathname)) {
          const upstream = httpRequest(
            { host: 'localhost', port: E2E_PORT, path: request.url, method: request.method, headers: request.headers },
            (answer) => {
              response.writeHead(answer.statusCode ?? 502, answer.headers)
              answer.pipe(response)
            },
          )
          upstream.on('error', () => response.writeHead(502).end())
          request.pipe(upstream)
          return
        }
        const file = join(root, decodeURIComponent(pathname))
        const wantsPage = (request.headers.accept ?? '').includes('text/html')
        const target =
          file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : wantsPage ? join(root, 'index.html') : null
        if (!target) {
          response.writeHead(404).end()
          return
        }
        response.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
          'Cache-Control': target.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        })
        response.end(readFileSync(target))
      })
      await new Promise<void>((done) => server.listen(0, 'localhost', done))
      const { port } = server.address() as AddressInfo
      let release = 0
      await provide({
        baseURL: `http://localhost:${port}`,
        deploy: () => appendFileSync(join(root, 'sw.js'), `\n// release ${++release} ${Date.now()}\n`),
      })
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      rmSync(root, { recursive: true, force: true })
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ deployment }, provide) => provide(deployment.baseURL),
})

/** Deploys a new release and makes the open page look for it (as on a return to the tab). */
async function deployNewVersion(deployment: Deployment, page: Page): Promise<void> {
  deployment.deploy()
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
}

test.describe('web app: offline start, updates and install', () => {
  test('logged out: after one online visit the login screen and any deep link open offline', async ({ page, context }) => {
    await page.goto('/login/main')
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    const reload = await page.reload()
    expect(reload?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()

    // An unknown deep route gets the app too (the router sends it on to the login screen).
    const deep = await page.goto('/pedagogico/minha-pratica/42/nada/aqui')
    expect(deep?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
    await expect(page).toHaveURL(/\/login\/main$/)
  })

  test('logged in: dashboard, a never-visited screen and a deep link open offline', async ({ page, context }) => {
    const meChunk = /\/assets\/me-[^/]+\.js$/
    const meChunkRequests: string[] = []
    page.on('request', (request) => {
      if (meChunk.test(request.url())) meChunkRequests.push(request.url())
    })
    await startSignedIn(page, 'ana')
    await waitForServiceWorker(page)
    // Online, the page showed only the login screen and the dashboard: /me's code never loaded.
    expect(meChunkRequests).toEqual([])

    await context.setOffline(true)
    await page.reload()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')

    const meCode = page.waitForResponse((response) => meChunk.test(response.url()))
    const me = await page.goto('/me')
    expect(me?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    // The route chunk came out of the worker's precache: the network was never an option.
    expect((await meCode).fromServiceWorker()).toBe(true)

    await page.goto('/uma/rota/que/nao/existe')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
  })

  test('the worker keeps no API answers in its caches', async ({ page }) => {
    await startSignedIn(page, 'ana')
    await waitForServiceWorker(page)
    // Controlled now: this start's API calls (users/me, config) pass through the worker.
    const apiCalls: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiCalls.push(response.url())
    })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
    await page.goto('/me')
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    expect(apiCalls.length).toBeGreaterThan(0)

    const urls = await cachedUrls(page)
    expect(urls.length).toBeGreaterThan(0)
    expect(urls.filter((url) => /\/(api|drive)\//.test(new URL(url).pathname))).toEqual([])
  })

  updateTest('a new deployment is offered, and "Atualizar" switches to it and reloads', async ({ page, deployment }) => {
    await page.goto('/login/main')
    await waitForServiceWorker(page)
    await markDocument(page)

    await deployNewVersion(deployment, page)
    const banner = page.getByRole('status').filter({ hasText: 'Nova versão disponível' })
    await expect(banner).toBeVisible()
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)).toBe(true)

    await banner.getByRole('button', { name: 'Atualizar' }).click()
    await expect.poll(() => isSameDocument(page).catch(() => true)).toBe(false)
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
    // The new worker is the controller now: nothing waits any more and no banner shows.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return { waiting: registration?.waiting != null, active: registration?.active?.state }
    })
    expect(state).toEqual({ waiting: false, active: 'activated' })
    await expect(page.getByText('Nova versão disponível')).toHaveCount(0)
  })

  updateTest('with unsaved text on the screen, updating asks first and "Cancelar" keeps the text', async ({ page, deployment }) => {
    await page.goto('/login/main')
    await waitForServiceWorker(page)
    await markDocument(page)
    await field(page, 'E-mail ou CPF').fill('texto que não pode sumir')

    await deployNewVersion(deployment, page)
    const banner = page.getByRole('status').filter({ hasText: 'Nova versão disponível' })
    await banner.getByRole('button', { name: 'Atualizar' }).click()

    const dialog = page.getByRole('dialog', { name: 'Atualizar agora?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Você tem dados não salvos nesta tela. Atualizar agora pode perdê-los.')
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await expect(dialog).toBeHidden()
    await expect(field(page, 'E-mail ou CPF')).toHaveValue('texto que não pode sumir')
    expect(await isSameDocument(page)).toBe(true)

    // Escape cancels too; then the student decides to update anyway.
    await banner.getByRole('button', { name: 'Atualizar' }).click()
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await isSameDocument(page)).toBe(true)
    await banner.getByRole('button', { name: 'Atualizar' }).click()
    await dialog.getByRole('button', { name: 'Atualizar mesmo assim' }).click()
    await expect.poll(() => isSameDocument(page).catch(() => true)).toBe(false)
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
  })

  updateTest('"Depois" hides the update banner for the session', async ({ page, deployment }) => {
    await page.goto('/login/main')
    await waitForServiceWorker(page)
    await deployNewVersion(deployment, page)
    const banner = page.getByRole('status').filter({ hasText: 'Nova versão disponível' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Depois' }).click()
    await expect(page.getByText('Nova versão disponível')).toHaveCount(0)
    // A reload keeps the old version (the new worker still waits) and the banner away.
    await page.reload()
    await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)).toBe(true)
    await expect(page.getByText('Nova versão disponível')).toHaveCount(0)
  })

  updateTest('the update banner is accessible and keyboard reachable', async ({ page, deployment }) => {
    await startSignedIn(page, 'ana')
    await waitForServiceWorker(page)
    await deployNewVersion(deployment, page)
    const banner = page.getByRole('status').filter({ hasText: 'Nova versão disponível' })
    await expect(banner).toBeVisible()
    await expectNoAxeViolations(page)
    // Reachable with Tab like any other control of the page.
    const update = banner.getByRole('button', { name: 'Atualizar' })
    for (let i = 0; i < 40 && !(await update.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(update).toBeFocused()
  })

  test('install: the captured prompt is offered, and its outcome reported (dismissed → false, accepted → true)', async ({ page }) => {
    await startSignedIn(page, 'ana')
    const install = page.getByRole('button', { name: 'Instalar app' })
    await expect(install).toHaveCount(0)
    // Chromium offers an install only to a page with a service worker: the event below comes,
    // as from the browser, once the app has registered it (the PWA layer, listening from its
    // start, runs by then; an event dispatched before that was lost in a loaded CI run).
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()))

    for (const [outcome, installed] of [
      ['dismissed', false],
      ['accepted', true],
    ] as const) {
      await page.evaluate((choice) => {
        const event = new Event('beforeinstallprompt', { cancelable: true })
        const w = window as unknown as { __prompts?: number }
        w.__prompts = 0
        Object.assign(event, {
          prompt: async () => {
            w.__prompts! += 1
          },
          userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
        })
        window.dispatchEvent(event)
      }, outcome)
      await expect(install).toBeVisible()

      const report = page.waitForRequest(
        (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/v1/users/pwa/',
      )
      const answer = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/v1/users/pwa/',
      )
      await install.click()
      expect((await report).postDataJSON()).toEqual({ pwa_installed: installed })
      expect((await answer).status()).toBe(200)
      expect(await page.evaluate(() => (window as unknown as { __prompts?: number }).__prompts)).toBe(1)
      // A prompt can be shown once: the action goes away.
      await expect(install).toHaveCount(0)

      const token = await page.evaluate(() => localStorage.getItem('token'))
      const me = await page.request.get('/api/v1/users/me/', { headers: { Authorization: `Bearer ${token}` } })
      expect(me.status()).toBe(200)
      expect((await me.json()).pwa_installed).toBe(installed)
    }
  })

  for (const host of ['localhost', 'phenom.localhost']) {
    test(`Chromium finds the portal installable on ${host} (manifest and worker)`, async ({ playwright }, testInfo) => {
      // Installability is never granted in an incognito profile (every new context is one):
      // this test runs in a persistent profile of its own.
      const profile = mkdtempSync(join(tmpdir(), 'portal-pwa-profile-'))
      const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, locale: 'pt-BR' })
      try {
        const page = context.pages()[0] ?? (await context.newPage())
        await page.goto(`http://${host}:${E2E_PORT}/login/main`)
        await waitForServiceWorker(page)
        // From now on the page comes from the worker, with the brand's manifest in the HTML
        // from the first byte (the build's HTML names knn's until the app switches it).
        const shell = await page.reload()
        expect(shell?.fromServiceWorker()).toBe(true)
        await expect(page.getByRole('heading', LOGIN_HEADING)).toBeVisible()
        const cdp = await context.newCDPSession(page)
        const manifest = await cdp.send('Page.getAppManifest')
        expect(manifest.url).toContain(host.startsWith('phenom') ? '/manifest-phenom.webmanifest' : '/manifest-knn.webmanifest')
        expect(manifest.errors).toEqual([])
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
        expect(installabilityErrors).toEqual([])
      } finally {
        await context.close()
        rmSync(profile, { recursive: true, force: true })
      }
    })
  }
})

test('the signal lost while a first visit loads the dock’s code leaves the dock out, not the page blank; back online, the dock loads, styled', async ({
  page,
  context,
}) => {
  // The dock (update banner, install action) loads after the first screen; before the worker
  // holds the files, its chunks come from the network. Here that network is gone for them.
  let signal = false
  await page.route(/\/assets\/pwa-ui-[\w-]+\.(js|css)$/, (route) => (signal ? route.continue() : route.abort('internetdisconnected')))
  const failed = page.waitForEvent('requestfailed', (request) => /\/assets\/pwa-ui-/.test(request.url()))
  await page.goto('/login/recover-password')
  await failed
  await expect(page.getByRole('button', { name: 'Enviar link' })).toBeVisible()
  await field(page, 'E-mail').fill('aluno@example.com')
  await expect(page.locator('.pwa-dock')).toHaveCount(0)
  await expect(field(page, 'E-mail')).toHaveValue('aluno@example.com')

  signal = true
  await context.setOffline(true)
  await context.setOffline(false)
  await expect(page.locator('.pwa-dock')).toBeAttached()
  await expect(page.locator('.pwa-dock')).toHaveCSS('position', 'fixed')
  await expect(field(page, 'E-mail')).toHaveValue('aluno@example.com')
})

test('the signal lost while a first visit loads the worker’s registration: back online, the worker registers and takes control, the page kept', async ({
  page,
  context,
}) => {
  // The chunk that registers the worker (src/app/pwa/start.ts), by the build's own chunk map.
  const startChunk = `/${readManifest(process.env.STATIC_DIR ?? 'dist')['src/app/pwa/start.ts']!.file}`
  let signal = false
  await page.route(
    (url) => url.pathname === startChunk,
    (route) => (signal ? route.continue() : route.abort('internetdisconnected')),
  )
  const failed = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === startChunk)
  await page.goto('/login/recover-password')
  await failed
  await field(page, 'E-mail').fill('aluno@example.com')
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)

  signal = true
  await context.setOffline(true)
  await context.setOffline(false)
  await serviceWorkerInControl(page)
  await expect(field(page, 'E-mail')).toHaveValue('aluno@example.com')
})
