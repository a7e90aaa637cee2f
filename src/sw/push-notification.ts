/**
 * What the service worker makes of a push (issue 11, D17), as pure functions: the
 * notification to show, and where a click leads. src/sw/push.ts wires them to the events.
 */
import * as v from 'valibot'
import type { BrandId } from '../contract/brand-host.ts'
import { PushPayload } from '../contract/schemas/push.ts'

/** What `showNotification` gets for a payload. */
export interface ShownNotification {
  title: string
  options: NotificationOptions & { image?: string }
}

/** The data a shown notification carries to its click (`notification.data`). */
export interface NotificationData {
  link: string
  deliveryId: string | null
}

/** A push whose payload cannot be read still shows something (a push must always be visible). */
export const FALLBACK_NOTIFICATION = { title: 'Nova mensagem da escola', body: 'Abra o portal para ver.' } as const

/**
 * The notification for a push's text: title, body, the brand's icon and badge, the image,
 * and the sending's tag, so a repeat replaces the earlier one instead of showing twice.
 */
export function notificationFor(text: string | null, brand: BrandId): ShownNotification {
  let payload: PushPayload | null = null
  try {
    const parsed = v.safeParse(PushPayload, text === null ? null : JSON.parse(text))
    if (parsed.success) payload = parsed.output
  } catch {
    // Not JSON: the fallback below.
  }
  const icon = `/icons/${brand}-192.png`
  if (!payload) {
    return {
      title: FALLBACK_NOTIFICATION.title,
      options: { body: FALLBACK_NOTIFICATION.body, icon, badge: icon, data: { link: '/dashboard', deliveryId: null } },
    }
  }
  const data: NotificationData = { link: payload.link, deliveryId: payload.delivery_id }
  return {
    title: payload.title,
    options: { body: payload.body, icon, badge: icon, tag: payload.tag, data, ...(payload.image ? { image: payload.image } : {}) },
  }
}

/** The deep link as an address of this portal: a link to another site becomes the dashboard (D17). */
export function clickTarget(link: unknown, origin: string): string {
  if (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')) {
    const url = new URL(link, origin)
    if (url.origin === origin) return url.href
  }
  return new URL('/dashboard', origin).href
}

/** Of the open portal windows, the one to reuse: a focused one, else a visible one, else any. */
export function windowToReuse<T extends { url: string; focused: boolean; visibilityState: DocumentVisibilityState }>(
  windows: readonly T[],
  origin: string,
): T | null {
  const ours = windows.filter((client) => client.url.startsWith(`${origin}/`) || client.url === origin)
  return ours.find((client) => client.focused) ?? ours.find((client) => client.visibilityState === 'visible') ?? ours[0] ?? null
}
