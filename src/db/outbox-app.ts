import { drain } from './outbox-send.ts'
import { cancel, enqueue, OUTBOX_SYNC_TAG, rememberToken, retryNow, type EnqueueInput, type OutboxItem } from './outbox.ts'

/**
 * The app's half of the outbox (D16): the signed-in user's items are sent on start, on
 * `online`, on a backoff timer and right after queueing; where the browser has Background
 * Sync, the worker is asked to send too (src/sw/outbox-sync.ts) so a closed tab still
 * delivers. Leases (./outbox.ts) keep the app and the worker from sending one item twice.
 */

interface Runner {
  userId: number
  getToken: () => string | null
  /** The token last written for the worker. */
  remembered: string | null
  /** The next drain follows the connection's return. */
  connectionBack: boolean
  timer: ReturnType<typeof setTimeout> | undefined
  running: Promise<void> | null
  again: boolean
  stop: () => void
}

let runner: Runner | null = null

/** The longest the app waits between two looks at the outbox while items wait. */
const MAX_WAIT_MS = 5 * 60_000

/**
 * Sends what is due now; another call while one runs makes it look once more when done.
 * `connectionBack`: the `online` event, after which what failed offline is due at once.
 */
export function kickOutbox(connectionBack = false): Promise<void> {
  const current = runner
  if (!current) return Promise.resolve()
  current.connectionBack ||= connectionBack
  if (current.running) {
    current.again = true
    return current.running
  }
  clearTimeout(current.timer)
  current.running = (async () => {
    try {
      do {
        current.again = false
        const token = current.getToken()
        // Written for the worker only when it changed: one IndexedDB write less per kick.
        if (token && token !== current.remembered) {
          await rememberToken(current.userId, token)
          current.remembered = token
        }
        const back = current.connectionBack
        current.connectionBack = false
        const next = await drain({
          connectionBack: back,
          ownerId: current.userId,
          tokenFor: (owner) => (owner === current.userId ? current.getToken() : null),
        })
        if (runner !== current) return
        if (next !== null) {
          const wait = Math.min(MAX_WAIT_MS, Math.max(500, next - Date.now()))
          current.timer = setTimeout(() => void kickOutbox(), wait)
        }
      } while (current.again && runner === current)
    } catch (error) {
      // IndexedDB refused (private mode, storage full): the items stay; try later.
      console.warn('outbox', error)
      if (runner === current) current.timer = setTimeout(() => void kickOutbox(), MAX_WAIT_MS)
    } finally {
      current.running = null
    }
  })()
  return current.running
}

/**
 * Starts sending the user's items (called when the signed-in frame mounts); the token is
 * kept in the outbox database for the worker. Answers the function that stops it.
 */
export function startOutboxRunner(userId: number, getToken: () => string | null): () => void {
  runner?.stop()
  const onOnline = () => void kickOutbox(true)
  const current: Runner = {
    userId,
    getToken,
    remembered: null,
    connectionBack: false,
    timer: undefined,
    running: null,
    again: false,
    stop: () => {
      clearTimeout(current.timer)
      window.removeEventListener('online', onOnline)
      if (runner === current) runner = null
    },
  }
  runner = current
  window.addEventListener('online', onOnline)
  // A start with a connection is a connection back: the app may have been closed in the tunnel.
  void kickOutbox(navigator.onLine)
  return current.stop
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/** Asks the worker to send when the connection is back (Background Sync, where there is one). */
export async function registerOutboxSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration
    await registration.sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    // No Background Sync (Firefox, Safari) or refused: the app's own triggers remain.
  }
}

/** Queues a write and tries it at once; it waits in the outbox if that fails (D16). */
export async function queueWrite(input: EnqueueInput): Promise<OutboxItem> {
  const item = await enqueue(input)
  void requestPersistentStorage()
  void registerOutboxSync()
  void kickOutbox()
  return item
}

/** "Tentar agora": the item is due at once and the app sends it. */
export async function retryOutboxItem(id: string): Promise<void> {
  await retryNow(id)
  void registerOutboxSync()
  await kickOutbox()
}

/** Removes a waiting or refused item, or a sent one's receipt; false while it is being sent. */
export function removeOutboxItem(id: string): Promise<boolean> {
  return cancel(id)
}

/**
 * Asks the browser not to evict the outbox under storage pressure (a phone low on space
 * would otherwise drop a queued file). Answers whether storage is persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false
    if (await navigator.storage.persisted()) return true
    return await navigator.storage.persist()
  } catch {
    return false
  }
}

/** Storage the site uses on this device and its quota, where the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number; persisted: boolean } | null> {
  try {
    if (!navigator.storage?.estimate) return null
    const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? false])
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }
  } catch {
    return null
  }
}
