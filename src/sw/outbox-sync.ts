/// <reference lib="webworker" />
/**
 * The worker's half of the outbox (D16): on the `sync` event the app registers when it
 * queues something, send what is due with each owner's token. The app sends too (on
 * start, `online`, a timer); the outbox's leases keep the two from sending one item twice.
 */
import { drain } from '../db/outbox-send.ts'
import { OUTBOX_SYNC_TAG } from '../db/outbox.ts'

declare const self: ServiceWorkerGlobalScope

/** Background Sync is not in TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

/** A retry due this soon is waited for inside the same event (a 500 then a 2 s backoff). */
const WAIT_FOR_NEXT_MS = 60_000
/** The event's whole budget: browsers end a sync event after a few minutes. */
const EVENT_BUDGET_MS = 3 * 60_000

async function sendDue(lastChance: boolean): Promise<void> {
  const started = Date.now()
  // The browser fires `sync` when the connection is back: what failed offline goes now.
  let connectionBack = true
  for (;;) {
    const next = await drain({ connectionBack })
    connectionBack = false
    if (next === null) return
    const wait = Math.max(0, next - Date.now())
    if (wait > WAIT_FOR_NEXT_MS || Date.now() + wait - started > EVENT_BUDGET_MS) {
      // Items still wait: a rejected event makes the browser fire `sync` again later; the
      // app's own timer covers browsers that give up (lastChance).
      if (!lastChance) throw new Error('outbox: items still waiting')
      return
    }
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendDue(sync.lastChance))
})
