import { getStoredItem } from '../../lib/local-store.ts'

/**
 * What the /me card and the offer draw (issue 11). Every path in device.ts ends in one of
 * four states; "checking" is only the moment the browser's own subscription is being read.
 */
export type PushStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on'

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/**
 * The state as far as the browser tells it at once, without the service worker: every state
 * but "on", which needs the subscription read (then "checking"). The /me card and its
 * placeholder start from it, so the card has its final shape from its first frame (issue 7).
 */
export function pushStatusAtOnce(): PushStatus {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  if (Notification.permission !== 'granted' || !getStoredItem('pushSubscriptionAuth')) return 'off'
  return 'checking'
}
