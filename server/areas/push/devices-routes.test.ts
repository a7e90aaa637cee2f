import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushSubscription } from '../../../src/contract/schemas/push.ts'
import { pushDeliveries, pushSendings, pushSubscriptions, userActions } from './schema.ts'
import { createAccount, createPushSubscription, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import {
  isAllowedPushEndpoint,
  NOTIFICATIONS_OFF,
  OWN_ACCOUNT_ONLY,
  SUBSCRIPTION_NOT_FOUND,
  UNKNOWN_PUSH_SERVICE,
} from './devices-routes.ts'

/** A device's push subscription on the real server (issue 11). */

const API = '/api/v1'

function device(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(10).toString('hex')}`) {
  return {
    endpoint,
    p256dh: randomBytes(65).toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    is_pwa: false,
    device_type: 'mobile' as const,
  }
}

describe('push subscriptions', () => {
  let t: TestApp
  let ana: TestAccount
  let bia: TestAccount

  beforeAll(async () => {
    t = await createTestApp({ pushServiceHosts: ['127.0.0.1:8443'] })
    ;[ana, bia] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
  })
  afterAll(() => t.close())

  const subscribe = (account: TestAccount, body: object, host = 'portal.knn.example') =>
    t.app.inject(jsonRequest('POST', `${API}/push-notifications/subscribe/`, body, { ...bearer(account.token), host }))
  const rowsOf = (userId: number) => t.db.orm.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

  it('stores a device once per endpoint: 201 first, 200 again with new keys, the brand from the host', async () => {
    const mine = device()
    const first = await subscribe(ana, { user_id: ana.id, ...mine }, 'aluno.phenom.example')
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json<PushSubscription>()).toMatchObject({ user_id: ana.id, auth: mine.auth, device_type: 'mobile', is_pwa: false })
    expect(first.body).not.toContain(mine.endpoint)

    const renewed = { ...mine, auth: randomBytes(16).toString('base64url'), is_pwa: true }
    const again = await subscribe(ana, { user_id: ana.id, ...renewed }, 'aluno.phenom.example')
    expect(again.statusCode).toBe(200)
    const rows = (await rowsOf(ana.id)).filter((row) => row.endpoint === mine.endpoint)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ auth: renewed.auth, isPwa: true, brand: 'phenom' })
  })

  it('moves an endpoint to the account that subscribes it now (a shared device)', async () => {
    const shared = device()
    await subscribe(ana, { user_id: ana.id, ...shared })
    const moved = await subscribe(bia, { user_id: bia.id, ...shared })
    expect(moved.statusCode).toBe(200)
    expect((await rowsOf(ana.id)).some((row) => row.endpoint === shared.endpoint)).toBe(false)
    expect((await rowsOf(bia.id)).find((row) => row.endpoint === shared.endpoint)?.brand).toBe('knn')
  })

  it("refuses another account's user_id and an endpoint outside the push services, storing nothing", async () => {
    const before = (await rowsOf(bia.id)).length
    const foreign = await subscribe(ana, { user_id: bia.id, ...device() })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ detail: OWN_ACCOUNT_ONLY })
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://evil.example/push',
    ]) {
      const refused = await subscribe(ana, { user_id: ana.id, ...device(endpoint) })
      expect(refused.statusCode, endpoint).toBe(422)
      expect(refused.json()).toEqual({ detail: UNKNOWN_PUSH_SERVICE })
    }
    expect((await rowsOf(bia.id)).length).toBe(before)
    expect((await rowsOf(ana.id)).some((row) => row.endpoint.includes('evil') || row.endpoint.includes('169.254'))).toBe(false)
    // The configured stand-in host is accepted.
    const standIn = await subscribe(ana, { user_id: ana.id, ...device('https://127.0.0.1:8443/push/1') })
    expect(standIn.statusCode).toBe(201)
  })

  it('answers only the caller’s own subscription by auth, and the update moves it by its secret', async () => {
    const { auth, id } = await createPushSubscription(t.db, ana.id)
    const own = await t.app.inject({ method: 'GET', url: `${API}/push-notifications/${auth}/`, headers: bearer(ana.token) })
    expect(own.statusCode).toBe(200)
    expect(own.json<PushSubscription>().id).toBe(id)
    const other = await t.app.inject({ method: 'GET', url: `${API}/push-notifications/${auth}/`, headers: bearer(bia.token) })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual({ detail: SUBSCRIPTION_NOT_FOUND })

    const update = await t.app.inject(
      jsonRequest(
        'PUT',
        `${API}/push-notifications/update/`,
        { user_id: bia.id, auth, is_pwa: true, device_type: 'desktop' },
        bearer(bia.token),
      ),
    )
    expect(update.statusCode).toBe(200)
    const [row] = await t.db.orm.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    expect(row).toMatchObject({ userId: bia.id, isPwa: true, deviceType: 'desktop' })

    const unknown = await t.app.inject(
      jsonRequest(
        'PUT',
        `${API}/push-notifications/update/`,
        { user_id: bia.id, auth: randomBytes(16).toString('base64url'), is_pwa: false, device_type: 'mobile' },
        bearer(bia.token),
      ),
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('lists the caller’s devices and unsubscribes only their own', async () => {
    const carla = await createAccount(t.app, t.db)
    const first = await createPushSubscription(t.db, carla.id)
    const second = await createPushSubscription(t.db, carla.id, { deviceType: 'desktop' })
    const list = await t.app.inject({ method: 'GET', url: `${API}/push-notifications/`, headers: bearer(carla.token) })
    expect(list.json<PushSubscription[]>().map((item) => item.id)).toEqual([first.id, second.id])

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `${API}/push-notifications/unsubscribe/${first.id}/`,
      headers: bearer(ana.token),
    })
    expect(foreign.statusCode).toBe(404)
    const own = await t.app.inject({
      method: 'DELETE',
      url: `${API}/push-notifications/unsubscribe/${first.id}/`,
      headers: bearer(carla.token),
    })
    expect(own.json()).toEqual({ detail: NOTIFICATIONS_OFF })
    expect((await rowsOf(carla.id)).map((row) => row.id)).toEqual([second.id])
  })

  it('records a click once per delivery without a token, and 404 for an unknown delivery', async () => {
    const subscription = await createPushSubscription(t.db, ana.id)
    const [sending] = await t.db.orm
      .insert(pushSendings)
      .values({ title: 'Aviso', body: 'Corpo', link: '/dashboard', audience: { kind: 'todos' }, status: 'concluido' })
      .returning()
    const [delivery] = await t.db.orm
      .insert(pushDeliveries)
      .values({ sendingId: sending!.id, subscriptionId: subscription.id, userId: ana.id, status: 'sent' })
      .returning()
    const record = (body: object) => t.app.inject(jsonRequest('POST', `${API}/user-actions/`, body))
    expect((await record({ delivery_id: delivery!.id, action: 'clicked' })).statusCode).toBe(200)
    expect((await record({ delivery_id: delivery!.id, action: 'clicked' })).statusCode).toBe(200)
    expect((await record({ delivery_id: delivery!.id, action: 'dismissed' })).statusCode).toBe(200)
    const stored = await t.db.orm.select().from(userActions).where(eq(userActions.deliveryId, delivery!.id))
    expect(stored.map((row) => row.action).sort()).toEqual(['clicked', 'dismissed'])
    const unknown = await record({ delivery_id: '00000000-0000-4000-8000-000000000000', action: 'clicked' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('isAllowedPushEndpoint', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://db5p.notify.windows.com/w/?token=abc', true],
    ['https://web.push.apple.com/abc', true],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://localhost/push', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(allowed)
  })

  it('accepts a configured host, with or without its port', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/1', ['127.0.0.1:8443'])).toBe(true)
    expect(isAllowedPushEndpoint('https://127.0.0.1:9999/push/1', ['127.0.0.1:8443'])).toBe(false)
    expect(isAllowedPushEndpoint('https://push.example.test/x', ['push.example.test'])).toBe(true)
  })
})
