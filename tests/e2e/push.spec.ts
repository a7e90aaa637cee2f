import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { bearer, login, MANAGER, serviceWorkerInControl, serviceWorkerSession, startSignedIn, STUDENT, tokenOf } from './fixtures.ts'
import { newStandInDevice, receivedBy } from './push-helpers.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * A push reaching the student's real service worker (issue 11): delivered over the DevTools
 * protocol (TOOLCHAIN "Push"; no push service can reach a test browser), shown as the
 * sending's notification, and a click that opens its deep link in the open tab and is
 * recorded for the managers' history. The payload is the one the server really sent, with
 * real encryption, to the push-service stand-in, which decrypted it.
 */

test('a push shows its notification; a click opens the deep link and is recorded in the history', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  const origin = new URL(baseURL!).origin
  const student = await tokenOf(request, STUDENT.username, STUDENT.password)
  const manager = await tokenOf(request, MANAGER.username, MANAGER.password)
  const me = (await (await request.get('/api/v1/users/me/', { headers: bearer(student) })).json()) as { id: number }

  // A device of the student's whose keys the push-service stand-in holds (tests/e2e/serve.ts).
  const device = await newStandInDevice(request, baseURL!)
  const subscribed = await request.post('/api/v1/push-notifications/subscribe/', {
    headers: bearer(student),
    data: { user_id: me.id, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, is_pwa: false, device_type: 'desktop' },
  })
  expect(subscribed.status()).toBe(201)

  const title = `Parcela disponível ${randomBytes(3).toString('hex')}`
  const draft = await request.post('/api/v1/push-sending/', {
    headers: bearer(manager),
    data: {
      title,
      body: 'Veja o boleto de dezembro.',
      link: '/financial',
      image_url: null,
      audience: { kind: 'alunos', user_ids: [me.id] },
    },
  })
  const { id: sendingId } = (await draft.json()) as { id: number }
  expect(
    (await request.post('/api/v1/push-sending/send/', { headers: bearer(manager), data: { id: sendingId, scheduled_for: null } })).status(),
  ).toBe(202)

  // What the push service received, decrypted with the device's keys: the sending's payload,
  // once. (Other tests running beside this one may send to the same student's devices.)
  let delivered = ''
  await expect
    .poll(async () => {
      const ours = (await receivedBy(request, baseURL!, device)).filter((push) => push.body.includes(title))
      delivered = ours.at(-1)?.body ?? ''
      return ours.length
    })
    .toBe(1)
  const payload = JSON.parse(delivered) as { title: string; link: string; tag: string; delivery_id: string }
  expect(payload).toMatchObject({ title, body: 'Veja o boleto de dezembro.', link: '/financial', tag: `sending-${sendingId}` })
  const readLog = async () =>
    (await (await request.get(`/api/v1/push-sending/log/${sendingId}/`, { headers: bearer(manager) })).json()) as {
      sending: { counts: { sent: number } }
      deliveries: { id: string; user_id: number; status: string }[]
    }
  // The student's other devices (an earlier run's, a test's beside this one) get their own
  // deliveries, each sent in its own job: ours can arrive before the others are sent.
  let log = await readLog()
  await expect
    .poll(
      async () => {
        log = await readLog()
        return log.deliveries.length - log.sending.counts.sent
      },
      { message: 'deliveries not yet sent' },
    )
    .toBe(0)
  expect(log.deliveries).toContainEqual(expect.objectContaining({ id: payload.delivery_id, user_id: me.id, status: 'sent' }))

  await context.grantPermissions(['notifications'], { origin })
  await startSignedIn(page, 'ana')
  await serviceWorkerInControl(page)

  const { cdp, registrationId } = await serviceWorkerSession(context, page)
  // The push service's delivery to the browser, which no test can make: the same decrypted payload.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: delivered })

  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
      })),
    )
  await expect
    .poll(shown)
    .toEqual([{ title, body: 'Veja o boleto de dezembro.', tag: `sending-${sendingId}`, icon: `${origin}/icons/knn-192.png` }])
  // The same sending again replaces it: never two. Waiting for the replacement itself (a
  // new timestamp), not just for one notification: a click on the first one while the
  // second push is still being handled would leave the second on screen.
  const stamps = async () =>
    page.evaluate(async () =>
      // Chromium's Notification has `timestamp`; TypeScript's DOM types dropped it.
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => (n as Notification & { timestamp: number }).timestamp),
    )
  const [firstStamp] = await stamps()
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: delivered })
  await expect
    .poll(async () => {
      const now = await stamps()
      return now.length === 1 && now[0] !== firstStamp
    })
    .toBe(true)

  // A click (dispatched in the worker: a real one needs a desktop notification centre).
  const worker = context.serviceWorkers()[0]!
  await worker.evaluate(async () => {
    // The worker's own types (this file is typed for the page and Node).
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<unknown[]> }
      dispatchEvent(event: Event): boolean
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event
    }
    const [notification] = await scope.registration.getNotifications()
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
  })
  await expect(page).toHaveURL(/\/financial$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(shown).toEqual([])

  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/v1/user-actions/${sendingId}/`, { headers: bearer(manager) })).json()) as { action: string }[],
    )
    .toEqual([expect.objectContaining({ delivery_id: payload.delivery_id, user_id: me.id, action: 'clicked' })])
  await cdp.detach()

  // The manager's history shows the sending with what was sent and the click.
  const managerContext = await browser.newContext({ baseURL })
  const managerPage = await managerContext.newPage()
  await login(managerPage, MANAGER.username, MANAGER.password)
  await expect(managerPage).toHaveURL(/\/dashboard$/)
  await managerPage.goto('/manager-panel/history')
  const row = managerPage.getByTestId('sending-row').filter({ hasText: title })
  // Cells after the title: Situação, Alvos, Enviadas, Falharam, Inativas, Cliques.
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(log.sending.counts.sent))
  await expect(row.getByRole('cell').nth(5)).toHaveText('1')
  await managerContext.close()

  const { id: subscriptionId } = (await subscribed.json()) as { id: number }
  expect((await request.delete(`/api/v1/push-notifications/unsubscribe/${subscriptionId}/`, { headers: bearer(student) })).status()).toBe(
    200,
  )
})
