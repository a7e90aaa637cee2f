import { readFileSync } from 'node:fs'
import { STORAGE_KEYS } from '../../src/lib/local-store.ts'
import type AxeCore from 'axe-core'
import { createRequire } from 'node:module'
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test'

/** Demo accounts seeded on first start (README "Demo accounts"). */
export const STUDENT = { username: 'aluno@example.com', password: 'demo1234', name: 'Ana Beatriz Souza' }
/** A demo student with no class, instalment or order yet (server/db/seed.ts). */
export const NEW_STUDENT = { username: 'novo.aluno@example.com', password: 'demo1234' }
/** Registration confirmed 5 months ago: sent to the registration update (server/db/seed.ts). */
export const UPDATE_STUDENT = { username: 'atualizar@example.com', password: 'demo1234', name: 'Beatriz Nogueira' }
/** A 14-year-old who never confirmed the registration: the update asks for a guardian. */
export const MINOR_STUDENT = { username: 'menor@example.com', password: 'demo1234', name: 'Pedro Henrique Alves' }
export const MANAGER = { username: 'gestor@example.com', password: 'demo1234' }
export const SIBLINGS = { cpf: '123.456.789-09', password: 'demo1234', names: ['Lucas Pereira', 'Marina Pereira'] }
/** Demo student for password recovery: the e2e run changes her password. */
export const FORGETFUL = { username: 'recuperar@example.com', password: 'demo1234', name: 'Bruno Almeida' }
/** Demo student whose e-mail is not confirmed yet. */
export const UNCONFIRMED = { username: 'confirmar@example.com', password: 'demo1234', name: 'Helena Martins' }

/**
 * The service worker controls the page: it activates only once its precache is filled, so
 * from here a reload with no connection is served from the device. The app registers it only
 * after its first screen settles, and the install fetches about 250 precached files: on a busy
 * 2-core machine beside the other worker that took more than 20 s in CI (2026-11-27).
 */
/** Slows the page's CPU by `rate` (Chrome's throttling): 4 is Lighthouse's default, about 20 a low-tier phone on these machines. */
export async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

export async function serviceWorkerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 })
}

/** An account's token from the real login endpoint, for API calls beside the page. */
export async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/login/access-token/', { form: { username, password } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A test that changes an account's password puts the demo one back first: a retry or a rerun
 * against the same server finds the account as an earlier attempt left it (seen in CI,
 * 2026-11-27, twice: a retry that could only fail at its first login). Nothing to do when
 * `changedTo` no longer logs in.
 */
export async function restorePassword(request: APIRequestContext, username: string, changedTo: string, demoPassword: string) {
  const login = await request.post('/api/v1/login/access-token/', { form: { username, password: changedTo } })
  if (!login.ok()) return
  const { access_token } = (await login.json()) as { access_token: string }
  const changed = await request.put('/drive/api/v1/users/me/update-password/portal/', {
    headers: bearer(access_token),
    data: { current_password: changedTo, new_password: demoPassword },
  })
  expect(changed.ok()).toBe(true)
}

/**
 * Groups tests about the service worker (offline reloads, its cache, push, background sync):
 * the config blocks its registration in every other test (issue 35). The group has no
 * title, so its tests keep theirs.
 */
export function withServiceWorker(tests: () => void) {
  test.describe(() => {
    test.use({ serviceWorkers: 'allow' })
    tests()
  })
}

/** A DevTools session on the page and the id of its active worker registration, for ServiceWorker.* commands. */
export async function serviceWorkerSession(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const active = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted)
      if (active) resolve(active.registrationId as string)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return { cdp, registrationId: await registration }
}

/** The newest mail to `to` in the demo outbox (/dev/outbox, D10), opened by following its link. */
export async function followMailLink(page: Page, to: string, subject: RegExp) {
  const mail = page.getByRole('article', { name: subject }).first()
  // The mail queue's sender writes it just after the answer: the page is read again until it is there.
  await expect(async () => {
    await page.goto(`/dev/outbox?para=${encodeURIComponent(to)}`)
    await expect(mail).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await mail.getByRole('link').click()
}

/**
 * A form field by its visible label. Required fields show an asterisk that is hidden from
 * screen readers but is part of the label's text, so match the label with an optional `*`.
 */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\*?$`))
}

/**
 * The app has taken over the pre-rendered frame a full load draws first. What is typed
 * or tapped before is handed over (early-input.spec.ts), but a test whose subject is
 * the screen itself waits for the app first, so it checks the app's own behaviour.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
}

export async function login(page: Page, username: string, password: string, origin = '') {
  await page.goto(`${origin}/login/main`)
  await appStarted(page)
  await field(page, 'E-mail ou CPF').fill(username)
  await field(page, 'Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/**
 * The accounts many tests start signed in as: each logs in once through the login screen
 * (sessions.setup.ts) and its storage is kept here (issue 35). Shared by every test of the
 * run: a test that logs out or changes the password logs in through the screen instead.
 */
export const SESSIONS = {
  ana: { ...STUDENT, file: '.tmp/e2e-sessions/ana.json' },
  manager: { ...MANAGER, file: '.tmp/e2e-sessions/manager.json' },
}
export type SessionName = keyof typeof SESSIONS

/** What `context.storageState()` wrote for the account (sessions.setup.ts). */
type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>
const storedSessions = new Map<SessionName, StoredSession>()

/**
 * Opens `path` signed in as `who` from the stored session, as a device that logged in
 * earlier would: what the login left in local storage is there before the app's first
 * script runs. It is written by a script that runs before the page's own in the first
 * document only, so a later reload finds what the app itself kept (after a logout,
 * nothing). Playwright's `setStorageState` did the same through a hidden page that visited
 * every stored origin, about 0.6 s per test on these machines (issue 35).
 */
export async function startSignedIn(page: Page, who: SessionName, path = '/dashboard') {
  const seeding = await seedSession(page, who)
  try {
    await page.goto(path)
  } finally {
    await seeding.dispose()
  }
  await expect(page).toHaveURL((url) => url.pathname + url.search === path)
  await appStarted(page)
}

/**
 * Puts the stored session of `who` in place for the page's next document (see
 * `startSignedIn`); dispose of the returned script once that document has started.
 */
export async function seedSession(page: Page, who: SessionName) {
  let session = storedSessions.get(who)
  if (!session) {
    session = JSON.parse(readFileSync(SESSIONS[who].file, 'utf8')) as StoredSession
    storedSessions.set(who, session)
  }
  if (session.cookies.length > 0) await page.context().addCookies(session.cookies)
  // The device database is not part of a stored session, so neither are the ETag hints that
  // describe what it holds: a seeded visit starts with nothing on the device.
  return page.addInitScript(
    ({ origins, skipped }) => {
      const kept = origins.find(({ origin }) => origin === location.origin)
      for (const { name, value } of kept?.localStorage ?? []) if (name !== skipped) localStorage.setItem(name, value)
    },
    { origins: session.origins, skipped: STORAGE_KEYS.etagHints },
  )
}

/**
 * Opens `path` as a link inside the app does: the router's history moves on, nothing reloads.
 * A full load starts the app again (1–4 s of CPU on 2 cores, issue 35), so tests walking
 * several screens use this; a test about a cold start, a reload or what the device kept
 * offline uses `page.goto`. TanStack's history answers `history.pushState` as its own.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1
    history.pushState({ __TSR_index: index }, '', to)
  }, path)
  await expect(page).toHaveURL((url) => url.pathname + url.search === path)
}

/**
 * Ana logged in through the login screen, on the dashboard: for a test that ends her session
 * (logout), which must not end the stored one every other test shares.
 */
export async function loginAsStudentOnScreen(page: Page) {
  await login(page, STUDENT.username, STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** The instalments on /financial as drawn from data: the skeleton's rows are aria-hidden. */
export function instalmentRows(page: Page) {
  return page.locator('.parcela:not([aria-hidden])')
}

/**
 * The drawer's navigation, opened on a narrower screen from the menu button (tablets) or the
 * tab bar's "Mais" (phones). Waits for the app shell first: right after login the shell
 * renders once the user is loaded.
 */
export async function mainNav(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  if (!(await nav.isVisible()))
    await page
      .getByRole('button', { name: /^(Abrir menu|Mais)$/ })
      .filter({ visible: true })
      .click()
  await expect(nav).toBeVisible()
  return nav
}

/** axe-core's browser build, read by a worker's first check (most specs run none). */
let axeSource: string | undefined
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * No axe violations on the screen as it stands (WCAG 2.2 A/AA rules). axe runs inside the page
 * and is injected once per document, so a walk through screens that open inside the app pays
 * for it once. @axe-core/playwright re-injected it on every check and finished each run in a
 * blank page of its own, which it needs only for cross-origin frames (the app allows no
 * frames: CSP frame-src 'none'); that tripled each check's time (issue 35).
 */
export async function expectNoAxeViolations(page: Page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  for (const frame of page.frames()) if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource)
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof AxeCore }
    // The screen as the student reads it once it settles: a hint still fading in on the field
    // just focused measures as a paler colour than it ends with (seen as color-contrast).
    // Endless animations (a spinner) never finish and are not waited for.
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    // Only the violations are gathered in full; the other result types are not read here.
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, WCAG_TAGS)
  expect(violations).toEqual([])
}

/** A sync answered: new data (200) or unchanged since the ETag the device holds (304). */
export function isSyncAnswer(response: { status(): number }): boolean {
  return response.status() === 200 || response.status() === 304
}

/** Every API request (the portal's; the drive's are under /drive/api/). */
export const API = '**/api/v1/**'

/**
 * Requests to the API are held (lie-fi: the connection is accepted, no answer comes) until
 * `release`; those `hold` declines go through.
 */
export async function holdApi(page: Page, pattern: string | RegExp = API, hold: (route: Route) => boolean = () => true) {
  const held: Route[] = []
  let holding = true
  await page.route(pattern, (route) => {
    if (holding && hold(route)) held.push(route)
    else void route.continue()
  })
  return {
    held,
    release: async () => {
      holding = false
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

/**
 * A manager panel list's error with a retry: on a reload its request `pattern` answers
 * 500, the screen says "Não foi possível carregar", and "Tentar novamente" reads the server
 * again until `loaded` shows. The route stays for the caller to remove.
 */
export async function expectPanelErrorRetry(page: Page, pattern: RegExp, loaded: Locator) {
  let failing = true
  // The server's 5xx shape (server/http/errors.ts): its request id in the header and the body.
  const id = 'panel-failure-0001'
  await page.route(pattern, (route) =>
    failing
      ? route.fulfill({ status: 500, headers: { 'X-Request-Id': id }, json: { detail: 'Erro interno do servidor', request_id: id } })
      : route.continue(),
  )
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('Não foi possível carregar')
  await expect(page.getByRole('alert')).toContainText(`Código do erro: ${id}`)
  failing = false
  await page.getByRole('button', { name: 'Tentar novamente' }).click()
  await expect(loaded).toBeVisible()
}

/** Opens the payment screen of the first instalment /financial offers to pay; answers its name (`n/total …`). */
export async function openFirstUnpaid(page: Page): Promise<string> {
  await page.goto('/financial')
  const pay = page.getByRole('link', { name: /^Pagar a parcela/ }).first()
  await expect(pay).toBeVisible()
  const name = (await pay.getAttribute('aria-label'))!.replace('Pagar a parcela ', '')
  await pay.click()
  await expect(page).toHaveURL(/\/financial\/pagar\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar parcela' })).toBeFocused()
  return name
}

/** Every row of one store of the device database (IndexedDB 'portal'), as the page sees it. */
export function readStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('portal')
        // Before the app has created its database, a read fails rather than creating an empty one.
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          // Closed after the read: an open connection would block the app's next schema upgrade.
          try {
            const request = db.transaction(name, 'readonly').objectStore(name).getAll()
            request.onsuccess = () => resolve(request.result as T[])
            request.onerror = () => reject(request.error)
          } catch (error) {
            reject(error)
          } finally {
            db.close()
          }
        }
      }),
    store,
  )
}

/** The ETag hints the app keeps beside its device database, as the page sees them. */
export function storedEtagHints(page: Page): Promise<string> {
  return page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.etagHints)
}
