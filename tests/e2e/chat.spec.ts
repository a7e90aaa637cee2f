// Chat support (issue 14, D19): the built app, served by the real server with
// CHATWOOT_URL pointing at a local stand-in of Chatwoot's widget (server/test/stand-ins/
// chat-widget.ts), in Chromium. The widget's script loads only when the student taps "Ajuda
// pelo chat", and the stand-in checks the identifier's HMAC with the inbox's secret.
import { randomBytes } from 'node:crypto'
import { expect, test as base } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { startChatWidgetStandIn, STAND_IN_IDENTIFIED, type ChatWidgetStandIn } from '../../server/test/stand-ins/chat-widget.ts'
import { expectNoAxeViolations, loginAsStudentOnScreen, STUDENT } from './fixtures.ts'
import { startOwnServer } from './own-server.ts'

interface ChatServer {
  origin: string
  widget: ChatWidgetStandIn
  websiteToken: string
}

/** A server of its own: the shared one runs without chat, as most deployments do. */
const test = base.extend<object, { chatServer: ChatServer }>({
  chatServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, provide) => {
      const secret = randomBytes(24).toString('base64url')
      const websiteToken = randomBytes(18).toString('base64url')
      const widget = await startChatWidgetStandIn(secret, websiteToken)
      try {
        const server = await startOwnServer({
          CHATWOOT_URL: widget.url,
          CHATWOOT_HMAC_SECRET: secret,
          CHATWOOT_WEBSITE_TOKEN: websiteToken,
        })
        try {
          await provide({ origin: server.origin, widget, websiteToken })
        } finally {
          await server.stop()
        }
      } finally {
        await widget.close()
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ chatServer }, provide) => provide(chatServer.origin),
})

test('the chat loads only on the tap and identifies the student with a valid hash', async ({ page, chatServer }) => {
  const { widget, websiteToken } = chatServer
  const chatRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(widget.url)) chatRequests.push(request.url())
  })
  await loginAsStudentOnScreen(page)
  const button = page.getByRole('button', { name: 'Ajuda pelo chat' })
  await expect(button).toBeVisible()
  await expectNoAxeViolations(page)
  // First paint and the whole dashboard: nothing from the chat's host, no script tag for it.
  expect(chatRequests).toEqual([])
  expect(widget.scriptLoads()).toBe(0)
  await expect(page.locator(`script[src^="${widget.url}"]`)).toHaveCount(0)

  await button.click()
  const chat = page.getByRole('dialog', { name: 'Chat de atendimento' })
  await expect(chat).toHaveText(STAND_IN_IDENTIFIED)
  expect(widget.scriptLoads()).toBe(1)
  expect(widget.identifications()).toEqual([
    expect.objectContaining({
      name: STUDENT.name,
      email: STUDENT.username,
      identifier: expect.stringMatching(/^\d+$/),
      websiteToken,
      valid: true,
    }),
  ])

  // A second tap opens the same widget: no second load, no second identification.
  await page.evaluate(() => window.$chatwoot?.toggle('close'))
  await expect(chat).toBeHidden()
  await button.click()
  await expect(chat).toBeVisible()
  expect(widget.scriptLoads()).toBe(1)
  expect(widget.identifications()).toHaveLength(1)
})

base('without chat configured the button is not there and nothing of the chat loads', async ({ page }) => {
  const shared = `http://localhost:${E2E_PORT}/`
  const foreignScripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.url().startsWith(shared)) foreignScripts.push(request.url())
  })
  await loginAsStudentOnScreen(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Meu perfil' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ajuda pelo chat' })).toHaveCount(0)
  expect(await page.evaluate(() => 'chatwootSDK' in window || '$chatwoot' in window)).toBe(false)
  expect(foreignScripts).toEqual([])
})
