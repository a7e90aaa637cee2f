import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { bearer, login, MANAGER, NEW_STUDENT, serviceWorkerInControl, tokenOf } from './fixtures.ts'

// The offline reload is answered by the service worker.
test.use({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } })

/**
 * "Avisos" (issue 40 item 13): a manager's push reaches the student's notices even with no
 * device of hers registered; the drawer counts the unread ones; opening one follows its deep
 * link and reads it; the list reads offline after a reload, and a notice opened offline is
 * read on the server once the connection returns. A student no other spec sends to, so the
 * counts are this test's.
 */
test('a sent push is in Avisos with the unread count, opens its deep link, and reads offline', async ({ page, context, request }) => {
  test.setTimeout(120_000)
  const student = await tokenOf(request, NEW_STUDENT.username, NEW_STUDENT.password)
  const manager = await tokenOf(request, MANAGER.username, MANAGER.password)
  const me = (await (await request.get('/api/v1/users/me/', { headers: bearer(student) })).json()) as { id: number }
  const unreadOnServer = async () =>
    ((await (await request.get('/api/v1/push-notifications/avisos/', { headers: bearer(student) })).json()) as { nao_lidos: number })
      .nao_lidos
  const before = await unreadOnServer()

  const tag = randomBytes(3).toString('hex')
  const older = `Reunião de pais ${tag}`
  const newer = `Prova na sexta ${tag}`
  await send(request, manager, me.id, older, '/financial')
  await send(request, manager, me.id, newer, '/me')
  await expect.poll(unreadOnServer).toBe(before + 2)

  await login(page, NEW_STUDENT.username, NEW_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  const entry = nav.getByRole('link', { name: /^Avisos/ })
  await expect(entry).toContainText(`${before + 2} avisos não lidos`)

  await entry.click()
  await expect(page).toHaveURL(/\/avisos$/)
  const heading = page.getByRole('heading', { level: 1, name: 'Avisos' })
  await expect(heading).toBeFocused()
  const main = page.locator('#main')
  await expect(main.getByText(`${before + 2} avisos não lidos`)).toBeVisible()
  // Newest first, each with its body and when it was sent.
  const titles = main.getByRole('heading', { level: 2 })
  await expect(titles.nth(0)).toHaveText(newer)
  await expect(titles.nth(1)).toHaveText(older)
  const first = main.getByRole('listitem').filter({ hasText: newer })
  await expect(first.getByText('Não lido')).toBeVisible()
  await expect(first.getByText('Corpo do aviso.')).toBeVisible()
  await expect(first.getByText(/^Enviado em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible()

  // Opening it follows its deep link and reads it: the count drops, on the device and the server.
  await first.getByRole('link', { name: newer }).click()
  await expect(page).toHaveURL(/\/me$/)
  await expect(entry).toContainText(before + 1 === 1 ? '1 aviso não lido' : `${before + 1} avisos não lidos`)
  await expect.poll(unreadOnServer).toBe(before + 1)

  // Offline: a reload of /avisos reads the notices from the device.
  await entry.click()
  await expect(main.getByRole('listitem').filter({ hasText: newer }).getByText('Não lido')).toHaveCount(0)
  await serviceWorkerInControl(page)
  await context.setOffline(true)
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(titles.nth(0)).toHaveText(newer)
  await expect(titles.nth(1)).toHaveText(older)
  await expect(main.getByText(/Atualizado em/)).toBeVisible()

  // Opened offline: read on the device at once, on the server when the connection returns.
  await main.getByRole('listitem').filter({ hasText: older }).getByRole('link', { name: older }).click()
  await expect(page).toHaveURL(/\/financial$/)
  if (before === 0) await expect(entry.getByTestId('nav-badge')).toHaveCount(0)
  expect(await unreadOnServer()).toBe(before + 1)
  await context.setOffline(false)
  await expect.poll(unreadOnServer, { timeout: 20_000 }).toBe(before)
})

async function send(request: APIRequestContext, manager: string, userId: number, title: string, link: string): Promise<void> {
  const draft = await request.post('/api/v1/push-sending/', {
    headers: bearer(manager),
    data: { title, body: 'Corpo do aviso.', link, image_url: null, audience: { kind: 'alunos', user_ids: [userId] } },
  })
  expect(draft.status()).toBe(201)
  const { id } = (await draft.json()) as { id: number }
  const sent = await request.post('/api/v1/push-sending/send/', { headers: bearer(manager), data: { id, scheduled_for: null } })
  expect(sent.status()).toBe(202)
}
