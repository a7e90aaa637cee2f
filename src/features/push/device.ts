import { api, PORTAL_BASE_URL } from '../../lib/api.ts'
import { ApiError, createApiClient, type ApiClient } from '../../lib/client.ts'
import { pushEndpoints } from '../../contract/endpoints/push.ts'
import { getStoredItem, removeStoredItem, setStoredItem } from '../../lib/local-store.ts'
import { driveBaseUrl, refreshRuntimeConfig, runtimeConfig } from '../../lib/runtime-config.ts'
import type { DeviceType } from '../../contract/schemas/push.ts'
import { pushStatusAtOnce, pushSupported, type PushStatus } from './status.ts'

/**
 * This device's push subscription (issue 11, SPEC §3/§4/§7, D17): what the browser holds
 * (`pushManager`), what the server holds (a row named by the subscription's `auth`), and
 * the `push_subscription_auth` key that ties them. Every path here ends in one of four
 * states the screens draw: unsupported, blocked, off, on.
 */

/**
 * `pushManager.subscribe()` can hang for ever where no push service answers (TOOLCHAIN:
 * a persistent Chromium profile with no push service); the student gets an error instead.
 */
export const SUBSCRIBE_TIMEOUT_MS = 10_000

export const SUBSCRIBE_TIMEOUT_MESSAGE = 'O navegador não respondeu. Tente ativar as notificações novamente.'
export const NO_VAPID_KEY_MESSAGE = 'As notificações não estão disponíveis agora. Tente novamente mais tarde.'

/** SPEC §3 `device_type`: a phone or tablet (touch first, or a mobile browser) is `mobile`. */
export function deviceTypeOf(userAgent: string, coarsePointer: boolean): DeviceType {
  return coarsePointer || /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent) ? 'mobile' : 'desktop'
}

/** SPEC §3 `is_pwa`: the portal runs as the installed app, not in a browser tab. */
function isInstalledApp(): boolean {
  return matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
}

function thisDevice(): { is_pwa: boolean; device_type: DeviceType } {
  return { is_pwa: isInstalledApp(), device_type: deviceTypeOf(navigator.userAgent, matchMedia('(pointer: coarse)').matches) }
}

/** A VAPID public key (base64url, D17) as the bytes `applicationServerKey` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, index) => byte === b[index])
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer))
}

async function pushManager(): Promise<PushManager> {
  // `ready` never settles without a worker (a build without one): bounded like subscribe.
  return (await withTimeout(navigator.serviceWorker.ready, SUBSCRIBE_TIMEOUT_MS, SUBSCRIBE_TIMEOUT_MESSAGE)).pushManager
}

interface SubscriptionKeys {
  endpoint: string
  p256dh: string
  auth: string
}

function keysOf(subscription: PushSubscription): SubscriptionKeys {
  const { endpoint, keys } = subscription.toJSON()
  return { endpoint: endpoint ?? subscription.endpoint, p256dh: keys?.['p256dh'] ?? '', auth: keys?.['auth'] ?? '' }
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/**
 * One change at a time: the start's check, a click on the switch and a logout each read
 * and write the same subscription, so each waits for the one before it.
 */
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<A extends unknown[], T>(task: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  return (...args) => {
    const run = queue.then(
      () => task(...args),
      () => task(...args),
    )
    queue = run.catch(() => undefined)
    return run
  }
}

// The state the screens draw, shared by the prompt and /me: known at once but for "on".
let status: PushStatus = pushStatusAtOnce()
const listeners = new Set<() => void>()

function setStatus(next: PushStatus): void {
  if (next === status) return
  status = next
  for (const listener of listeners) listener()
}

export function pushStatus(): PushStatus {
  return status
}

export function onPushStatusChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The server's row for the stored `auth`, removed; a row already gone is fine. */
async function deleteServerSubscription(client: ApiClient, auth: string): Promise<void> {
  try {
    const { id } = await client.call(pushEndpoints.pushSubscription, { params: { auth } })
    await client.call(pushEndpoints.pushUnsubscribe, { params: { id } })
  } catch (error) {
    if (!isNotFound(error)) throw error
  }
}

async function register(userId: number, subscription: PushSubscription): Promise<void> {
  const keys = keysOf(subscription)
  await api.call(pushEndpoints.pushSubscribe, { body: { user_id: userId, ...keys, ...thisDevice() } })
  setStoredItem('pushSubscriptionAuth', keys.auth)
}

/**
 * At every start, signed in and online (SPEC §7): the stored subscription is checked and
 * kept current, moved to this account on a shared device, replaced when the browser
 * revoked or changed it, and removed from the server once notifications are blocked.
 */
export const syncPushAtStart = oneAtATime(checkAtStart)

async function checkAtStart(userId: number): Promise<void> {
  if (!pushSupported()) {
    // SPEC §4: an unsupported browser gets a warning in the console, nothing on screen.
    console.warn('Este navegador não oferece notificações push.')
    setStatus('unsupported')
    return
  }
  const stored = getStoredItem('pushSubscriptionAuth')
  if (Notification.permission === 'denied') {
    setStatus('denied')
    // SPEC §4: permission denied deletes the stored subscription.
    if (stored) {
      await deleteServerSubscription(api, stored)
      removeStoredItem('pushSubscriptionAuth')
    }
    return
  }
  const subscription = Notification.permission === 'granted' ? await (await pushManager()).getSubscription() : null
  if (!subscription) {
    // Revoked by the browser (or never made): the server's row is dead, the switch is off.
    if (stored) {
      await deleteServerSubscription(api, stored)
      removeStoredItem('pushSubscriptionAuth')
    }
    setStatus('off')
    return
  }
  const { auth } = keysOf(subscription)
  if (stored && stored !== auth) await deleteServerSubscription(api, stored)
  const device = thisDevice()
  try {
    const current = await api.call(pushEndpoints.pushSubscription, { params: { auth } })
    if (current.user_id !== userId || current.is_pwa !== device.is_pwa || current.device_type !== device.device_type) {
      await api.call(pushEndpoints.pushUpdate, { body: { user_id: userId, auth, ...device } })
    }
    setStoredItem('pushSubscriptionAuth', auth)
  } catch (error) {
    if (!isNotFound(error)) throw error
    // Not this account's: another account's on a shared device moves here (PUT proves the
    // device holds it), and one the server dropped (a 410 from the push service) is made again.
    try {
      await api.call(pushEndpoints.pushUpdate, { body: { user_id: userId, auth, ...device } })
      setStoredItem('pushSubscriptionAuth', auth)
    } catch (updateError) {
      if (!isNotFound(updateError)) throw updateError
      await register(userId, subscription)
    }
  }
  setStatus('on')
}

/** Reads the state without the server (offline, or before the start's check ends). */
export async function readPushStatus(): Promise<PushStatus> {
  const atOnce = pushStatusAtOnce()
  if (atOnce !== 'checking') return atOnce
  return (await (await pushManager()).getSubscription()) ? 'on' : 'off'
}

export async function refreshPushStatus(): Promise<void> {
  setStatus(await readPushStatus())
}

/**
 * "Ativar notificações" (the prompt, /me): asks the browser's permission (from the
 * student's click), subscribes with the server's VAPID key and registers this device.
 */
export async function enablePush(userId: number): Promise<PushStatus> {
  // Asked at once, in the click's task: a browser may refuse a request that comes later.
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  return permission === 'granted' ? subscribeThisDevice(userId) : syncPushAtStart(userId).then(pushStatus)
}

const subscribeThisDevice = oneAtATime(async (userId: number): Promise<PushStatus> => {
  const key = (runtimeConfig() ?? (await refreshRuntimeConfig(api)))?.vapid_public_key
  if (!key) throw new Error(NO_VAPID_KEY_MESSAGE)
  const applicationServerKey = base64UrlBytes(key)
  const manager = await pushManager()
  let subscription = await manager.getSubscription()
  // Made with another server key (the school's keys changed): the push service would refuse it.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await withTimeout(
    manager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    SUBSCRIBE_TIMEOUT_MS,
    SUBSCRIBE_TIMEOUT_MESSAGE,
  )
  const previous = getStoredItem('pushSubscriptionAuth')
  if (previous && previous !== keysOf(subscription).auth) await deleteServerSubscription(api, previous)
  await register(userId, subscription)
  setStatus('on')
  return 'on' as const
})

/** The /me switch turned off: the server stops sending here and the browser drops the subscription. */
export const disablePush = oneAtATime(async (): Promise<void> => {
  const stored = getStoredItem('pushSubscriptionAuth')
  if (stored) await deleteServerSubscription(api, stored)
  removeStoredItem('pushSubscriptionAuth')
  const subscription = pushSupported() ? await (await pushManager()).getSubscription() : null
  await subscription?.unsubscribe()
  setStatus(await readPushStatus())
})

/** "Enviar teste": one notification to this device only. Answers the server's message. */
export async function sendTestNotification(): Promise<string> {
  const auth = getStoredItem('pushSubscriptionAuth')
  if (!auth) throw new Error('Ative as notificações neste aparelho primeiro.')
  return (await api.call(pushEndpoints.pushTest, { body: { auth } })).detail
}

/**
 * Logout (issue 11): this device stops receiving the account's notifications. The token
 * and the key are read by the caller before the session wipes them, so this runs after.
 * The browser's subscription goes too: offline, the server's row cannot be deleted, but
 * the push service then answers 410 to its next send and the server drops it.
 */
export const forgetPushOnLogout = oneAtATime(async (token: string, auth: string | null): Promise<void> => {
  const client = createApiClient({ portalBaseUrl: PORTAL_BASE_URL, driveBaseUrl, getToken: () => token })
  await Promise.allSettled([
    auth ? deleteServerSubscription(client, auth) : null,
    pushSupported() && Notification.permission === 'granted'
      ? pushManager().then(async (manager) => (await manager.getSubscription())?.unsubscribe())
      : null,
  ])
  setStatus(await readPushStatus())
})
