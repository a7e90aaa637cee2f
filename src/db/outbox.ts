import Dexie, { type EntityTable } from 'dexie'

/**
 * The outbox (D16, issue 10): writes that must reach the server exactly once, kept on the
 * device until the server confirmed them. ONE module with one API for the app and the
 * service worker (`enqueue`, `take`, `confirm`, `reject`, `postpone`, `cancel`).
 *
 * - Its own IndexedDB database, not the `portal` one: logout and an account change
 *   clear every table of that one (D15) and a rollback deletes it whole (openLocalDb); a
 *   queued file must survive all three.
 * - An item holds its kind and its path params, never a serialized request: the kind
 *   names the contract entry that sends it (./outbox-send.ts), and the sender rebuilds the
 *   body at each try. An item may
 *   carry a small JSON body instead of a file (`json`: a practice test's result). The bytes live
 *   in their own table (`files`): written once by `enqueue`, read only by the sender,
 *   deleted by `confirm`/`cancel`; the many metadata writes and live queries never touch them.
 * - Generic: `kind` says what it is (an activity file, a practice result, a scanned campaign
 *   code: ./outbox-kinds.ts).
 */

export type OutboxState = 'aguardando' | 'enviando' | 'enviado' | 'recusado'

export interface OutboxItem {
  /** The client-generated idempotency key (`Idempotency-Key`), also the row's key. */
  id: string
  /** What is queued, e.g. `atividade-arquivo`: screens pick their own items by it. */
  kind: string
  /** Base URL of the endpoint's service when it was queued (D1: `/api/v1` or another backend). */
  baseUrl: string
  /** The endpoint's path params. */
  params: Record<string, string | number>
  /** Text fields of the multipart body, if any. */
  fields?: Record<string, string>
  /** The multipart part the file goes in; absent for a JSON item. */
  fileField?: string
  /** Whether the bytes are still in `files`; dropped once the server confirmed (the receipt keeps their SHA-256). */
  hasFile: boolean
  /** The JSON body of an item without a file, kept until the server confirmed it. */
  json?: unknown
  /** The file's name; for a JSON item, what the student calls it (e.g. the test's title). */
  fileName: string
  /** Bytes queued: the file's, or the JSON body's. */
  fileSize: number
  fileType: string
  /** Whose item this is: sent only with that user's token, shown only to that user. */
  ownerId: number
  /** Where the item belongs on screen (e.g. the activity's id, its title, the class). */
  context: Record<string, string | number>
  createdAt: number
  /** Sends started (a lease taken), whatever their outcome. */
  attempts: number
  /** Not sent again before this time (backoff after a failure). */
  nextAttemptAt: number
  state: OutboxState
  /** While `enviando`: the sender holding it must renew this or lose the item to another. */
  leaseUntil: number
  /** While `enviando`: which sender holds it (its Web Lock's name, ./outbox-send.ts), so a dead one's lease is reclaimed at once. */
  holder?: string
  /** While `enviando`: when that sender took it. */
  takenAt?: number
  /** Upload progress of the current send, 0–1 (the app's sends only: XHR). */
  progress?: number
  /** Why the last try failed and will be retried (network, server error). */
  lastError?: string
  /** The last try never reached the server: due again as soon as the connection is back. */
  offlineFailure?: boolean
  /** The server's reason for a 4xx (`recusado`), shown until the student removes the item. */
  reason?: string
  /** The server's answer on success: the receipt (e.g. `referencia`, `recebido_em`, `sha256`). */
  receipt?: unknown
  sentAt?: number
}

/** A queued file's bytes, keyed by its item's id. */
export interface OutboxFile {
  id: string
  blob: Blob
}

/** The token each signed-in user's items are sent with; the worker reads it. */
export interface OutboxAuth {
  userId: number
  token: string
}

export const OUTBOX_DB_NAME = 'portal-outbox'
/** The background sync tag the app registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox'
/** How long a send holds an item without renewing; a closed tab's item is free again after it. */
export const LEASE_MS = 20_000
/** Backoff after a failed try: 2 s, 4 s, 8 s … up to 5 minutes. */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000

export class OutboxDb extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>
  files!: EntityTable<OutboxFile, 'id'>
  auth!: EntityTable<OutboxAuth, 'userId'>

  constructor(name = OUTBOX_DB_NAME) {
    super(name)
    this.version(1).stores({
      items: 'id, ownerId, [ownerId+state], createdAt',
      files: 'id',
      auth: 'userId',
    })
  }
}

export const outboxDb = new OutboxDb()

// Another context upgraded the schema: let it proceed; this one reopens on next use.
outboxDb.on('versionchange', () => {
  outboxDb.close()
  return false
})

export type EnqueueInput = Pick<OutboxItem, 'kind' | 'baseUrl' | 'params' | 'fileName' | 'ownerId'> & {
  context?: Record<string, string | number>
  /** Given by tests and by callers that show the item at once; otherwise a random UUID. */
  id?: string
} & (
    | { file: Blob; fileField: string; fields?: Record<string, string>; json?: never }
    | { json: unknown; file?: never; fileField?: never; fields?: never }
  )

/** Whether what the item sends is still on the device: its bytes, or its JSON body. */
export function hasPayload(item: Pick<OutboxItem, 'hasFile' | 'json'>): boolean {
  return item.hasFile || item.json !== undefined
}

/** A new idempotency key: 36 characters of `0-9a-f-`, within the server's 8–64. */
export function newOutboxKey(): string {
  return crypto.randomUUID()
}

/** Queues a write: it waits (`aguardando`) until a sender takes it. */
export async function enqueue(input: EnqueueInput, { db = outboxDb, now = Date.now() } = {}): Promise<OutboxItem> {
  const file = input.file
  const payload = file
    ? {
        ...(input.fields ? { fields: input.fields } : {}),
        fileField: input.fileField,
        hasFile: true,
        fileSize: file.size,
        fileType: file.type,
      }
    : { hasFile: false, json: input.json, fileSize: new Blob([JSON.stringify(input.json)]).size, fileType: 'application/json' }
  const item: OutboxItem = {
    id: input.id ?? newOutboxKey(),
    kind: input.kind,
    baseUrl: input.baseUrl,
    params: input.params,
    ...payload,
    fileName: input.fileName,
    ownerId: input.ownerId,
    context: input.context ?? {},
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'aguardando',
    leaseUntil: 0,
  }
  await db.transaction('rw', db.items, db.files, async () => {
    await db.items.add(item)
    if (file) await db.files.add({ id: item.id, blob: file })
  })
  return item
}

/**
 * Whether a sender may take the item now: waiting and due, or held by a sender whose lease
 * ran out. When the connection is back (`online`, the `sync` event), an item whose last try
 * never reached the server is due at once, whatever its backoff: backoff is for a server in
 * trouble, not for a tunnel.
 */
export function isTakeable(item: OutboxItem, now: number, connectionBack = false, live?: LiveHolders): boolean {
  if (item.state === 'aguardando') return item.nextAttemptAt <= now || (connectionBack && item.offlineFailure === true)
  if (item.state !== 'enviando') return false
  if (item.leaseUntil <= now) return true
  // A page that reloaded or closed mid-send holds no lock any more: its item is free now, not
  // when the lease ends. Only for a take older than the look at the locks: a sender takes its
  // lock before any item, so one that took it earlier and is missing from the look is gone.
  return live !== undefined && item.holder !== undefined && (item.takenAt ?? Infinity) < live.at && !live.names.has(item.holder)
}

/** The senders alive (held locks, ./outbox-send.ts) when the browser was asked, at `at`. */
export interface LiveHolders {
  names: ReadonlySet<string>
  at: number
}

export interface TakeOptions {
  db?: OutboxDb
  now?: number
  /** Take only this user's items (the app sends with the signed-in user's token). */
  ownerId?: number
  /** Take this item only, e.g. "Tentar agora", even before its next attempt time. */
  id?: string
  /** With `id`: ignore the backoff time. */
  force?: boolean
  /** The connection just came back: what failed offline is due. */
  connectionBack?: boolean
  /** The sender taking it (its lock's name), recorded on the item. */
  holder?: string
  /** Senders alive at a given time (held locks); an item a missing one took before then is free. Unknown: wait for the lease. */
  liveHolders?: LiveHolders
}

/**
 * Takes the oldest item due for sending and marks it `enviando` with a lease, in one
 * transaction: two senders (the app and the worker, two tabs) never hold the same item.
 */
export async function take({
  db = outboxDb,
  now = Date.now(),
  ownerId,
  id,
  force = false,
  connectionBack = false,
  holder,
  liveHolders,
}: TakeOptions = {}): Promise<OutboxItem | null> {
  return db.transaction('rw', db.items, async () => {
    let item: OutboxItem | undefined
    if (id !== undefined) {
      const found = await db.items.get(id)
      const due = found && (isTakeable(found, now, connectionBack, liveHolders) || (force && found.state === 'aguardando'))
      item = due && (ownerId === undefined || found.ownerId === ownerId) ? found : undefined
    } else {
      // Only items a sender could take: not the sent ones kept for their receipts. Read with
      // getAll (one request per range), never a cursor: Dexie walks `filter` and `anyOf` with
      // one IndexedDB callback per row, and take runs once per item sent.
      const all =
        ownerId === undefined
          ? (await db.items.toArray()).filter((candidate) => candidate.state === 'aguardando' || candidate.state === 'enviando')
          : (
              await Promise.all(
                (['aguardando', 'enviando'] as const).map((state) => db.items.where('[ownerId+state]').equals([ownerId, state]).toArray()),
              )
            ).flat()
      item = all.sort((a, b) => a.createdAt - b.createdAt).find((candidate) => isTakeable(candidate, now, connectionBack, liveHolders))
    }
    if (!item) return null
    // The previous holder's name goes: this sender holds it now (or, without locks, nobody named).
    const { holder: _previous, ...free } = item
    const taken: OutboxItem = {
      ...free,
      state: 'enviando',
      leaseUntil: now + LEASE_MS,
      attempts: item.attempts + 1,
      progress: 0,
      takenAt: now,
      ...(holder === undefined ? {} : { holder }),
    }
    await db.items.put(taken)
    return taken
  })
}

/** Keeps the lease of an item still being sent (and records its progress). False if it was lost. */
export async function renew(
  id: string,
  { db = outboxDb, now = Date.now(), progress }: { db?: OutboxDb; now?: number; progress?: number } = {},
): Promise<boolean> {
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id)
    if (!item || item.state !== 'enviando') return false
    await db.items.update(id, { leaseUntil: now + LEASE_MS, ...(progress === undefined ? {} : { progress }) })
    return true
  })
}

/**
 * The server stored it. Kept as `enviado` with its receipt until the student clears it
 * (the receipt is what they show the teacher); the bytes (or JSON body) are dropped.
 */
export async function confirm(id: string, receipt: unknown, { db = outboxDb, now = Date.now() } = {}): Promise<void> {
  await db.transaction('rw', db.items, db.files, async () => {
    await db.items.update(id, {
      state: 'enviado',
      receipt,
      sentAt: now,
      hasFile: false,
      json: undefined,
      leaseUntil: 0,
      progress: 1,
      lastError: undefined,
      reason: undefined,
    })
    await db.files.delete(id)
  })
}

/** The bytes of a queued item, for the sender building its request (null: none left). */
export async function fileOf(id: string, { db = outboxDb } = {}): Promise<Blob | null> {
  return (await db.files.get(id))?.blob ?? null
}

/** The server refused it (4xx): kept with the server's reason until the student removes it (D16). */
export async function reject(id: string, reason: string, { db = outboxDb } = {}): Promise<void> {
  await db.transaction('rw', db.items, async () => {
    // Only an item still being sent: another sender may have had it confirmed meanwhile.
    if ((await db.items.get(id))?.state !== 'enviando') return
    await db.items.update(id, { state: 'recusado', reason, leaseUntil: 0, progress: undefined })
  })
}

/** Delay before try number `attempts + 1`: exponential, capped, ±20 % so many devices do not retry together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/** The try failed in a way worth retrying (no network, 5xx, expired login): back to waiting, with backoff. */
export async function postpone(
  id: string,
  error: string,
  {
    db = outboxDb,
    now = Date.now(),
    random = Math.random,
    offline = false,
  }: { db?: OutboxDb; now?: number; random?: () => number; offline?: boolean } = {},
): Promise<void> {
  await db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id)
    if (!item || item.state !== 'enviando') return
    await db.items.update(id, {
      state: 'aguardando',
      leaseUntil: 0,
      progress: undefined,
      lastError: error,
      offlineFailure: offline,
      nextAttemptAt: now + backoffMs(item.attempts, random),
    })
  })
}

/**
 * The student cancels a waiting or refused item, or clears a sent one's receipt. An item
 * being sent cannot be cancelled (its bytes may be arriving): false then.
 */
export async function cancel(id: string, { db = outboxDb } = {}): Promise<boolean> {
  return db.transaction('rw', db.items, db.files, async () => {
    const item = await db.items.get(id)
    if (!item) return true
    if (item.state === 'enviando') return false
    await db.items.delete(id)
    await db.files.delete(id)
    return true
  })
}

/** "Tentar agora" (a refused or waiting item): waiting again, due at once. */
export async function retryNow(id: string, { db = outboxDb, now = Date.now() } = {}): Promise<void> {
  await db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id)
    if (!item || !hasPayload(item) || (item.state !== 'recusado' && item.state !== 'aguardando')) return
    await db.items.update(id, { state: 'aguardando', nextAttemptAt: now, reason: undefined })
  })
}

// ——— reads for the screens (live through Dexie's liveQuery) ———

/** The user's items, oldest first. */
export async function itemsOf(ownerId: number, { db = outboxDb, kind }: { db?: OutboxDb; kind?: string } = {}): Promise<OutboxItem[]> {
  const items = await db.items.where('ownerId').equals(ownerId).toArray()
  return items.filter((item) => kind === undefined || item.kind === kind).sort((a, b) => a.createdAt - b.createdAt)
}

/**
 * Items that wait to be sent (waiting or being sent): the drawer's badge and the logout
 * warning. A refused item waits for nothing (only the student can act on it, in
 * "Envios pendentes") and a sent one is done: neither counts.
 */
export async function pendingCount(ownerId: number, { db = outboxDb } = {}): Promise<number> {
  // Two IndexedDB counts on the compound index, not a cursor over every item: it runs again at each change.
  return db.transaction('r', db.items, async () => {
    const [waiting, sending] = await Promise.all([
      db.items.where('[ownerId+state]').equals([ownerId, 'aguardando']).count(),
      db.items.where('[ownerId+state]').equals([ownerId, 'enviando']).count(),
    ])
    return waiting + sending
  })
}

/** Bytes the user's queued files take on this device. */
export async function queuedBytes(ownerId: number, { db = outboxDb } = {}): Promise<number> {
  const items = await db.items.where('ownerId').equals(ownerId).toArray()
  return items.reduce((sum, item) => sum + (item.hasFile ? item.fileSize : 0), 0)
}

/** The earliest time a waiting item of the user is due (null: nothing waits). */
export async function nextDueAt(ownerId: number | undefined, { db = outboxDb } = {}): Promise<number | null> {
  const items = ownerId === undefined ? await db.items.toArray() : await db.items.where('ownerId').equals(ownerId).toArray()
  let next: number | null = null
  for (const item of items) {
    const due = item.state === 'aguardando' ? item.nextAttemptAt : item.state === 'enviando' ? item.leaseUntil : null
    if (due !== null && (next === null || due < next)) next = due
  }
  return next
}

// ——— the token the worker sends with ———

/** The signed-in user's current token, for the worker's sends. */
export async function rememberToken(userId: number, token: string, { db = outboxDb } = {}): Promise<void> {
  await db.auth.put({ userId, token })
}

export async function tokenOf(userId: number, { db = outboxDb } = {}): Promise<string | null> {
  return (await db.auth.get(userId))?.token ?? null
}

/** Logout (D15): no token stays; the items stay, and go when their owner signs in again. */
export async function forgetTokens({ db = outboxDb } = {}): Promise<void> {
  await db.auth.clear()
}
