import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import {
  bearer,
  loginAsStudentOnScreen,
  mainNav,
  serviceWorkerInControl,
  serviceWorkerSession,
  startSignedIn,
  STUDENT,
  tokenOf,
  withServiceWorker,
} from './fixtures.ts'
import { newStandInDevice, receivedBy, type StandInDevice } from './push-helpers.ts'

/**
 * The student's side of notifications (issue 11): the offer, this device's subscription on
 * the server, a push on screen, "Enviar teste", the /me switch, a blocked permission and
 * logout. No push service can reach a test browser (TOOLCHAIN "Push"): the browser's
 * `pushManager` is given a subscription whose endpoint and keys are the push-service
 * stand-in's, so the server's real, encrypted sends reach the stand-in, which decrypts them.
 */

interface ServerSubscription {
  id: number
  auth: string
  user_id: number
  is_pwa: boolean
  device_type: string
}

/**
 * The browser's push subscription for the stand-in's device: `subscribe` makes it (with
 * the key it was asked for), `getSubscription` reads it, `unsubscribe` drops it. Kept in
 * sessionStorage so it outlives a reload, as the browser's would. `permission` stands in
 * for the site settings a student changes by hand ('denied' after a block).
 */
async function injectPushManager(page: Page, device: StandInDevice) {
  await page.addInitScript((device) => {
    const KEY = '__stand-in-push-subscription'
    const decode = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer
    const make = (serverKey: string) => ({
      endpoint: device.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: decode(serverKey) },
      getKey: (name: 'p256dh' | 'auth') => decode(device[name]),
      toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY)
        return true
      },
    })
    PushManager.prototype.getSubscription = async function () {
      const serverKey = sessionStorage.getItem(KEY)
      return (serverKey === null ? null : make(serverKey)) as unknown as PushSubscription
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array
      const serverKey = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
      sessionStorage.setItem(KEY, serverKey)
      return make(serverKey) as unknown as PushSubscription
    }
    const blocked = sessionStorage.getItem('__stand-in-permission')
    if (blocked) Object.defineProperty(Notification, 'permission', { get: () => blocked })
  }, device)
}

/**
 * The demo student signed in on a browser that allows notifications and holds the stand-in's
 * device. `onScreen`: through the login screen, a session of its own, for a test that logs
 * out ("Sair" ends the session on the server; the stored one is every test's).
 */
async function signInWithDevice(page: Page, context: BrowserContext, request: APIRequestContext, baseURL: string, onScreen = false) {
  const origin = new URL(baseURL).origin
  const device = await newStandInDevice(request, baseURL)
  await injectPushManager(page, device)
  await context.grantPermissions(['notifications'], { origin })
  if (onScreen) await loginAsStudentOnScreen(page)
  else await startSignedIn(page, 'ana')
  return { origin, device }
}

/** The student's subscriptions on the server that are this device's (other tests' devices may be there). */
async function serverSubscriptions(request: APIRequestContext, token: string, device: StandInDevice): Promise<ServerSubscription[]> {
  const response = await request.get('/api/v1/push-notifications/', { headers: bearer(token) })
  expect(response.status()).toBe(200)
  return ((await response.json()) as ServerSubscription[]).filter((row) => row.auth === device.auth)
}

const offer = (page: Page) => page.getByRole('region', { name: 'Receba os avisos da escola' })
/** /me's switch for this device's notifications. */
const deviceSwitch = (page: Page) => page.getByRole('switch', { name: 'Receber notificações da escola neste aparelho' })

withServiceWorker(() => {
  test('the offer turns notifications on; a push on screen shows in the page; /me tests and turns them off', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { origin, device } = await signInWithDevice(page, context, request, baseURL!)
    // Not on the first paint: the offer comes after a few seconds on the screen.
    await expect(offer(page)).toHaveCount(0)
    await serviceWorkerInControl(page)
    const token = await tokenOf(request, STUDENT.username, STUDENT.password)
    await expect(offer(page)).toBeVisible({ timeout: 15_000 })
    await offer(page).getByRole('button', { name: 'Ativar notificações' }).click()
    await expect(offer(page)).toContainText('Notificações ativadas neste aparelho.')
    expect(await page.evaluate(() => localStorage.getItem('push_subscription_auth'))).toBe(device.auth)
    const [subscribed] = await serverSubscriptions(request, token, device)
    expect(subscribed).toMatchObject({ auth: device.auth, is_pwa: false, device_type: 'desktop' })

    // /me: the switch is on; "Enviar teste" reaches this device through the push service.
    await page.goto('/me')
    const card = page.getByRole('region', { name: 'Notificações neste aparelho' })
    const toggle = card.getByRole('switch', { name: 'Receber notificações da escola neste aparelho' })
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await card.getByRole('button', { name: 'Enviar teste' }).click()
    await expect(card.getByRole('status')).toContainText('Notificação de teste enviada')
    let delivered = ''
    await expect
      .poll(async () => {
        const received = await receivedBy(request, baseURL!, device)
        delivered = received.at(-1)?.body ?? ''
        return received.length
      })
      .toBe(1)
    expect(JSON.parse(delivered)).toMatchObject({ title: 'Notificações ativadas', link: '/me' })

    // The push reaches the worker while the portal is on screen: the page shows it as well.
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The layer that listens loads after the first screen.
    await expect(page.getByRole('status', { name: 'Notificações recebidas' })).toBeAttached()
    const { cdp, registrationId } = await serviceWorkerSession(context, page)
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: delivered })
    await cdp.detach()
    const message = page.getByTestId('push-message')
    await expect(message).toContainText('Notificações ativadas')
    await expect(message).toContainText('Este é um teste: este aparelho recebe os avisos da escola.')
    await message.getByRole('button', { name: 'Abrir' }).click()
    await expect(page).toHaveURL(/\/me$/)
    await expect(message).toHaveCount(0)

    // Off: the server stops sending here and the browser drops the subscription.
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(card.getByRole('status')).toContainText('Notificações desativadas neste aparelho.')
    expect(await serverSubscriptions(request, token, device)).toEqual([])
    expect(await page.evaluate(() => localStorage.getItem('push_subscription_auth'))).toBeNull()
    await expect(card.getByRole('button', { name: 'Enviar teste' })).toHaveCount(0)
  })
})

withServiceWorker(() => {
  test('"Agora não" keeps the offer away; a blocked permission removes the subscription; logout unsubscribes', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { device } = await signInWithDevice(page, context, request, baseURL!, true)
    const token = await tokenOf(request, STUDENT.username, STUDENT.password)

    await offer(page).getByRole('button', { name: 'Agora não' }).click({ timeout: 15_000 })
    await expect(offer(page)).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Longer than the offer's delay: it does not come back.
    await page.waitForTimeout(6_000)
    await expect(offer(page)).toHaveCount(0)

    // Turned on from /me instead.
    await page.goto('/me')
    const toggle = deviceSwitch(page)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(await serverSubscriptions(request, token, device)).toHaveLength(1)

    // The student blocks notifications in the site settings (the browser drops its subscription
    // with the permission): the next start removes the server's too.
    await page.evaluate(() => {
      sessionStorage.setItem('__stand-in-permission', 'denied')
      sessionStorage.removeItem('__stand-in-push-subscription')
    })
    await page.reload()
    await expect(page.getByText('As notificações estão bloqueadas neste navegador.')).toBeVisible()
    await expect.poll(() => serverSubscriptions(request, token, device)).toEqual([])
    // The app forgets the subscription once the server answered the removal: a moment later.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('push_subscription_auth'))).toBeNull()
    await expect(toggle).toBeDisabled()

    // Allowed again and on; then logout: the account's notifications stop reaching this device.
    await page.evaluate(() => sessionStorage.removeItem('__stand-in-permission'))
    await page.reload()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(await serverSubscriptions(request, token, device)).toHaveLength(1)
    const nav = await mainNav(page)
    await nav.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect.poll(() => serverSubscriptions(request, token, device)).toEqual([])
    expect(await page.evaluate(() => sessionStorage.getItem('__stand-in-push-subscription'))).toBeNull()
  })
})

withServiceWorker(() => {
  test('offline, the /me switch says it needs the connection and waits; back online it works', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { device } = await signInWithDevice(page, context, request, baseURL!)
    const token = await tokenOf(request, STUDENT.username, STUDENT.password)
    await page.goto('/me')
    const toggle = deviceSwitch(page)
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(toggle).toBeEnabled()

    await context.setOffline(true)
    await expect(page.getByText('Para mudar, conecte-se à internet.')).toBeVisible()
    await expect(toggle).toBeDisabled()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')

    await context.setOffline(false)
    await expect(page.getByText('Para mudar, conecte-se à internet.')).toHaveCount(0)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(await serverSubscriptions(request, token, device)).toHaveLength(1)
    // Off again: this device leaves no subscription behind for the other tests' sends.
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect.poll(() => serverSubscriptions(request, token, device)).toEqual([])
  })
})

test('on a phone, /me’s switch sits below its label, which reads in two lines at most', async ({ page, context, request, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await signInWithDevice(page, context, request, baseURL!)
  await page.goto('/me')
  const toggle = deviceSwitch(page)
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  const label = page.locator('.push-device__label')
  await expect(label).toHaveText('Receber notificações da escola neste aparelho')
  const labelBox = (await label.boundingBox())!
  const switchBox = (await toggle.boundingBox())!
  expect(switchBox.y).toBeGreaterThanOrEqual(labelBox.y + labelBox.height)
  const lineHeight = await label.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight))
  expect(labelBox.height).toBeLessThanOrEqual(2 * lineHeight + 1)
})
