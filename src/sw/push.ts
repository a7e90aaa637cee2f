/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * Push in the worker (issue 11, D17): every push shows a notification; a click records
 * itself and opens the deep link in an open portal tab, or a new one; a dismissal records
 * itself. Recording needs no token: the delivery id came encrypted to this device.
 */
import { brandIdForHost } from '../contract/brand-host.ts'
import type { PushInAppMessage, PushReceivedMessage } from '../contract/schemas/push.ts'
import { clickTarget, notificationFor, windowToReuse, type NotificationData } from './push-notification.ts'

declare const self: ServiceWorkerGlobalScope

const PORTAL_BASE_URL: string = import.meta.env.VITE_PORTAL_API_URL ?? '/api/v1'

async function record(data: NotificationData | undefined, action: 'clicked' | 'dismissed'): Promise<void> {
  if (!data?.deliveryId) return
  try {
    await fetch(`${PORTAL_BASE_URL}/user-actions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delivery_id: data.deliveryId, action }),
    })
  } catch {
    // Offline: the history misses one action; the student's click still opens the link.
  }
}

/** A tab the student is looking at shows the push in the page too (SPEC §3 notification queue). */
async function tellVisibleTabs(message: PushInAppMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' })
  for (const client of windows) if (client.visibilityState === 'visible') client.postMessage(message)
}

/** Every portal tab, visible or not, reads its "Avisos" again (issue 40 item 13): the list and the count take the push in. */
async function tellEveryTab(): Promise<void> {
  const message: PushReceivedMessage = { type: 'push-received' }
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message)
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, brandIdForHost(self.location.hostname))
  const link = (options.data as NotificationData).link
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      tellVisibleTabs({ type: 'push-message', title, body: options.body ?? '', link }),
      tellEveryTab(),
    ]),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data as NotificationData | undefined
  const target = clickTarget(data?.link, self.location.origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const reuse = windowToReuse(windows, self.location.origin)
      const recorded = record(data, 'clicked')
      // navigate() works only on a tab this worker controls; otherwise a new tab opens.
      const navigated = reuse ? await reuse.navigate(target).catch(() => null) : null
      if (navigated) await navigated.focus().catch(() => undefined)
      else await self.clients.openWindow(target)
      await recorded
    })(),
  )
})

self.addEventListener('notificationclose', (event) => {
  event.waitUntil(record(event.notification.data as NotificationData | undefined, 'dismissed'))
})
