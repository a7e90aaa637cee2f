// Monitoring verified (issue 8 §5, SPEC §8–§9, D20): the built app, served by the real
// server with SENTRY_DSN pointing at a local Sentry stand-in, in Chromium. What arrives at
// the stand-in is exactly what the SDK would send to sentry.io.
import { readFileSync } from 'node:fs'
import { expect, test as base, type Page } from '@playwright/test'
import { field, SIBLINGS, STUDENT } from './fixtures.ts'
import { startOwnServer } from './own-server.ts'
import { startSentryStandIn, type SentryStandIn } from '../../server/test/stand-ins/sentry.ts'

const RESET_TOKEN = 'reset-7f3a9c2e'
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string }

interface Monitored {
  origin: string
  sentry: SentryStandIn
}

/**
 * A server of its own (the shared one runs without a DSN, as most deployments do), on a
 * fresh embedded database with the demo school, monitored by the stand-in.
 */
const test = base.extend<object, { monitored: Monitored }>({
  monitored: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, provide) => {
      const sentry = await startSentryStandIn()
      try {
        const server = await startOwnServer({ SENTRY_DSN: sentry.dsn })
        try {
          await provide({ origin: server.origin, sentry })
        } finally {
          await server.stop()
        }
      } finally {
        await sentry.close()
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ monitored }, provide) => provide(monitored.origin),
})

/**
 * Sentry draws its sampling decisions through a wrapper it looks up on the global object
 * (`__SENTRY_SAFE_RANDOM_ID_WRAPPER__`): the test pins only Sentry's draws, never the app's,
 * to prove the 0.05 error rate is applied (a draw of 0.5 is dropped, 0.01 is sent).
 */
async function pinSentryRandom(page: Page) {
  await page.addInitScript(() => {
    const pinned = window as unknown as { __sentryDraw: number | null }
    pinned.__sentryDraw = 0.01
    Object.defineProperty(globalThis, Symbol.for('__SENTRY_SAFE_RANDOM_ID_WRAPPER__'), {
      value: <T>(callback: () => T): T => {
        if (pinned.__sentryDraw === null) return callback()
        const random = Math.random
        Math.random = () => pinned.__sentryDraw!
        try {
          return callback()
        } finally {
          Math.random = random
        }
      },
    })
  })
}

const setDraw = (page: Page, draw: number) =>
  page.evaluate((value) => ((window as unknown as { __sentryDraw: number }).__sentryDraw = value), draw)

/** An uncaught error thrown by code running in the app's page. */
const throwInApp = (page: Page, message: string, type: 'Error' | 'TypeError' = 'Error') =>
  page.evaluate(
    ([text, kind]) => {
      setTimeout(() => {
        throw kind === 'TypeError' ? new TypeError(text) : new Error(text)
      })
    },
    [message, type] as const,
  )

function eventsWith(sentry: SentryStandIn, message: string) {
  return sentry.events().filter((event) => JSON.stringify(event.exception ?? '').includes(message))
}

/**
 * Throws `message` until it arrives: the SDK loads after the first screen, and an error
 * thrown before it is listening is not reported. Answers the event.
 */
async function reportedOnceReady(page: Page, sentry: SentryStandIn, message: string) {
  await expect
    .poll(
      async () => {
        if (eventsWith(sentry, message).length === 0) await throwInApp(page, message)
        return eventsWith(sentry, message).length
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBeGreaterThan(0)
  return eventsWith(sentry, message)[0]!
}

test.describe('error monitoring (Sentry, D20)', () => {
  test.describe.configure({ mode: 'serial' })

  test('a thrown error arrives with its release, environment and route, and no personal data leaves', async ({ page, monitored }) => {
    const { sentry } = monitored
    const firstEnvelope = sentry.raw.length
    await pinSentryRandom(page)
    // An e-mail and a reset token in the address, as the reset link carries them (SPEC §7).
    await page.goto(`/login/main?email=${encodeURIComponent(STUDENT.username)}&token=${RESET_TOKEN}`)
    await field(page, 'E-mail ou CPF').fill(SIBLINGS.cpf)
    await field(page, 'Senha').fill(SIBLINGS.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByRole('button', { name: new RegExp(SIBLINGS.names[1]!) }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Marina')
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()

    await reportedOnceReady(page, sentry, 'Monitoramento ligado')
    // Once the SDK listens: the requests and addresses that carry an e-mail or a token in
    // their query string (SPEC §7: recover password, the reset link), then an error.
    await page.evaluate(
      async ([email, resetToken]) => {
        await fetch(`/api/v1/login/recover-password/?email=${encodeURIComponent(email)}&isAccessCode=false`, { method: 'POST' })
        history.pushState(null, '', `/login/main?token=${resetToken}&email=${encodeURIComponent(email)}`)
        history.pushState(null, '', '/dashboard')
      },
      [STUDENT.username, RESET_TOKEN] as const,
    )
    const event = await reportedOnceReady(page, sentry, 'Falha de teste no painel')
    expect(event.release).toBe(`${name}@${version}`)
    expect(event.environment).toBe('production')
    expect(event.platform).toBe('javascript')
    expect(new URL((event.request as { url: string }).url).pathname).toBe('/dashboard')
    expect(event.transaction).toBe('/dashboard')
    expect(event.user ?? {}).toEqual({})
    expect(event.breadcrumbs).toBeDefined()

    const sent = sentry.raw.slice(firstEnvelope).join('\n')
    const secrets = {
      token: token!,
      password: SIBLINGS.password,
      'CPF as typed': SIBLINGS.cpf,
      'CPF digits': SIBLINGS.cpf.replace(/\D/g, ''),
      'e-mail': STUDENT.username,
      'e-mail, encoded': encodeURIComponent(STUDENT.username),
      'reset token': RESET_TOKEN,
      "student's name": SIBLINGS.names[1]!,
    }
    for (const [what, secret] of Object.entries(secrets)) expect(sent, what).not.toContain(secret)
  })

  test('ignored errors (chunk loads, ResizeObserver) are never sent; sampled-out ones neither', async ({ page, monitored }) => {
    const { sentry } = monitored
    await pinSentryRandom(page)
    await page.goto('/login/main')
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
    await reportedOnceReady(page, sentry, 'Antes dos ignorados')

    await throwInApp(page, `Failed to fetch dynamically imported module: ${monitored.origin}/assets/notas-abc123.js`, 'TypeError')
    await throwInApp(page, 'ResizeObserver loop completed with undelivered notifications.')
    await throwInApp(page, `Unable to preload CSS for ${monitored.origin}/assets/index-abc123.css`)
    // SPEC §9: errors are sampled at 0.05; a draw of 0.5 is outside the sample.
    await setDraw(page, 0.5)
    await throwInApp(page, 'Fora da amostra')
    await setDraw(page, 0.01)
    // Errors travel in the order they happen: once this one arrives, the others had their turn.
    await reportedOnceReady(page, sentry, 'Depois dos ignorados')

    const all = JSON.stringify(sentry.events())
    for (const message of ['dynamically imported module', 'ResizeObserver', 'Unable to preload CSS', 'Fora da amostra']) {
      expect(all, message).not.toContain(message)
    }
  })
})
