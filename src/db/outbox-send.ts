import { errorMessageFor } from '../lib/client.ts'
import { atividadeEndpoints } from '../contract/endpoints/atividades.ts'
import { praticaEndpoints } from '../contract/endpoints/pratica.ts'
import { travelCampaignEndpoints } from '../contract/endpoints/travel-campaigns.ts'
import { fillPath, type Endpoint } from '../contract/define.ts'
import { ACTIVITY_FILE_KIND, CAMPAIGN_CODE_KIND, PRACTICE_RESULT_KIND } from './outbox-kinds.ts'
import { confirm, fileOf, nextDueAt, outboxDb, postpone, reject, renew, take, tokenOf, type OutboxDb, type OutboxItem } from './outbox.ts'

/**
 * Sends outbox items (D16): the same code in the app and in the service worker. Each try
 * rebuilds the body (multipart from the stored bytes, or the item's JSON) and sends its key as
 * `Idempotency-Key`, so a replay after a lost answer stores nothing twice.
 */

export type SendOutcome =
  | { kind: 'sent'; receipt: unknown }
  | { kind: 'rejected'; reason: string }
  /** Worth another try later: no network, a 5xx, a 408/429, an expired login (401). */
  | { kind: 'retry'; error: string }

export interface SendOptions {
  token: string
  /** The item's bytes, read from `files` just before the try; null for a JSON item. */
  file: Blob | null
  /** Upload progress, 0–1 (XHR only). */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  /** Limit without an answer once the body is sent. */
  timeoutMs?: number
}

/** Statuses that say "try again later", not "this will never be accepted". */
const RETRYABLE_4XX = new Set([401, 408, 425, 429])

export const NETWORK_ERROR = 'Sem conexão com o servidor'

/**
 * The contract entry that sends each kind of item (./outbox-kinds.ts), by reference: a new
 * kind adds its line here. Only these areas' endpoints, not the whole contract: the app's
 * sender and the service worker would carry every area's schemas.
 */
const ENDPOINT_OF_KIND: Readonly<Record<string, Endpoint>> = {
  [ACTIVITY_FILE_KIND]: atividadeEndpoints.enviarArquivoAtividade,
  [PRACTICE_RESULT_KIND]: praticaEndpoints.salvarResultadoPratica,
  [CAMPAIGN_CODE_KIND]: travelCampaignEndpoints.validateTravelCampaignCode,
}

/**
 * The contract entry that sends the item: a multipart one for a file, one with a JSON body
 * for a JSON item, one without a body for an item whose `json` is null (a campaign code).
 */
function endpointOf(item: OutboxItem): Endpoint {
  const endpoint = ENDPOINT_OF_KIND[item.kind]
  const fits =
    item.fileField === undefined
      ? endpoint !== undefined && !endpoint.multipart && (endpoint.body === undefined) === (item.json === null)
      : endpoint?.multipart
  if (!endpoint || !fits) throw new Error(`outbox: the ${item.kind} kind has no contract endpoint that takes this item's body`)
  return endpoint
}

/** The request of one try, rebuilt from the item (never stored as a request). */
export function requestOf(
  item: OutboxItem,
  file: Blob | null,
  token: string,
): { url: string; method: string; headers: Record<string, string>; body: FormData | string | null } {
  const endpoint = endpointOf(item)
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': item.id }
  let body: FormData | string | null
  if (item.fileField === undefined && item.json === null) {
    body = null
  } else if (item.fileField === undefined) {
    body = JSON.stringify(item.json)
    headers['Content-Type'] = 'application/json'
  } else {
    if (!file) throw new Error(`outbox: item ${item.id} has no bytes to send`)
    body = new FormData()
    // Text fields first: the server reads the parts in order.
    for (const [name, value] of Object.entries(item.fields ?? {})) body.append(name, value)
    body.append(item.fileField, file, item.fileName)
  }
  return { url: `${item.baseUrl.replace(/\/$/, '')}${fillPath(endpoint.path, item.params)}`, method: endpoint.method, headers, body }
}

/** What an HTTP answer means for the item. */
export function outcomeOf(item: OutboxItem, status: number, text: string): SendOutcome {
  let payload: unknown
  try {
    payload = text ? JSON.parse(text) : undefined
  } catch {
    payload = text
  }
  if (status >= 200 && status < 300) return { kind: 'sent', receipt: payload }
  if (status >= 500 || status === 0) return { kind: 'retry', error: `Erro no servidor (${status})` }
  if (RETRYABLE_4XX.has(status))
    return { kind: 'retry', error: status === 401 ? 'Entre de novo para enviar' : `Servidor ocupado (${status})` }
  return { kind: 'rejected', reason: errorMessageFor(endpointOf(item), status, payload) }
}

/** One try over XMLHttpRequest: the only way to see upload progress over HTTP/1.1 (TOOLCHAIN). */
function sendXhr(item: OutboxItem, { token, file, onProgress, signal, timeoutMs }: SendOptions): Promise<SendOutcome> {
  const request = requestOf(item, file, token)
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.url)
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
    if (timeoutMs) xhr.timeout = timeoutMs
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => resolve(outcomeOf(item, xhr.status, xhr.responseText))
    xhr.onerror = () => resolve({ kind: 'retry', error: NETWORK_ERROR })
    xhr.ontimeout = () => resolve({ kind: 'retry', error: NETWORK_ERROR })
    xhr.onabort = () => resolve({ kind: 'retry', error: NETWORK_ERROR })
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(request.body)
  })
}

/** One try over fetch: the worker has no XMLHttpRequest (no progress there). */
async function sendFetch(item: OutboxItem, { token, file, signal }: SendOptions): Promise<SendOutcome> {
  const request = requestOf(item, file, token)
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: signal ?? null,
    })
    return outcomeOf(item, response.status, await response.text())
  } catch {
    return { kind: 'retry', error: NETWORK_ERROR }
  }
}

/** One try of one item, with XHR where there is one (a page), else fetch (the worker). */
export function sendItem(item: OutboxItem, options: SendOptions): Promise<SendOutcome> {
  return typeof XMLHttpRequest === 'function' ? sendXhr(item, options) : sendFetch(item, options)
}

export interface DrainOptions {
  db?: OutboxDb
  /** Send only this user's items (the app); the worker sends everyone's, each with its owner's token. */
  ownerId?: number
  /** The token for an item's owner; null: nobody of that account is signed in now (it waits). */
  tokenFor?: (ownerId: number) => Promise<string | null> | string | null
  /** Called when a try ends, for a caller that watches (tests, the bench). */
  onOutcome?: (item: OutboxItem, outcome: SendOutcome) => void
  signal?: AbortSignal
  send?: typeof sendItem
  now?: () => number
  /** Items in flight at once (tests pin it to 1 to follow one item's path). */
  concurrency?: number
  /** The connection just came back (`online`, `sync`): what failed offline goes now. */
  connectionBack?: boolean
}

const RENEW_EVERY_MS = 5_000

/**
 * Prefix of the Web Lock a `drain` holds while it runs. The browser releases it when the
 * context dies (a reload, a closed tab, a stopped worker), so another sender sees at once that
 * an item it was sending is nobody's. Held only while sending: a page holding a lock
 * cannot enter the back/forward cache.
 */
const SENDER_LOCK_PREFIX = 'portal-outbox-sender:'

/** Names of the senders alive now (their locks are held); null where the browser cannot say. */
async function liveSenderNames(): Promise<Set<string> | null> {
  try {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    if (!locks) return null
    const { held = [] } = await locks.query()
    return new Set(held.map((lock) => lock.name ?? '').filter((name) => name.startsWith(SENDER_LOCK_PREFIX)))
  } catch {
    return null
  }
}

/** Progress is written at most this often: each write re-runs every screen's live query. */
const PROGRESS_EVERY_MS = 500

/**
 * How many items travel at once. Two keep the connection busy while the other item's
 * IndexedDB writes (take, confirm) and the server's commit happen; more would only
 * split a phone's thin upstream between files and delay the first receipt.
 */
export const SEND_CONCURRENCY = 2

/**
 * Sends every item due now, two at a time, until none is left or a try fails for lack of
 * network (the rest would fail the same way). Answers the time the next waiting item is
 * due (null: none), for the caller's timer. Leases (`take`) keep the two lanes, and any
 * other sender, from holding one item twice.
 */
export async function drain(options: DrainOptions = {}): Promise<number | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return drainAs(null, options)
  const name = `${SENDER_LOCK_PREFIX}${crypto.randomUUID()}`
  // The lock's promise settles with drainAs's answer once drainAs is done.
  return (await locks.request(name, () => drainAs(name, options))) as number | null
}

/** `drain` as the sender `holder` (null without the Locks API: then only a lease's end frees an item, LEASE_MS). */
async function drainAs(
  holder: string | null,
  {
    db = outboxDb,
    ownerId,
    tokenFor = (owner) => tokenOf(owner, { db }),
    onOutcome,
    signal,
    send = sendItem,
    now = Date.now,
    concurrency = SEND_CONCURRENCY,
    connectionBack = false,
  }: DrainOptions,
): Promise<number | null> {
  const skipped = new Set<number>()
  let offline = false
  const askedAt = now()
  const names = holder === null ? null : await liveSenderNames()
  const liveHolders = names === null ? null : { names, at: askedAt }
  const lease = { ...(holder === null ? {} : { holder }), ...(liveHolders === null ? {} : { liveHolders }) }

  /**
   * Writes the outcome of the lane's last try (if any) and takes the lane's next item with its
   * bytes, all in ONE IndexedDB transaction (confirm's, take's and fileOf's own transactions
   * join it): one commit and one wake of the screens' live queries per item instead of three.
   * `goOn` false: only the outcome is written. Either both happen or neither.
   */
  const settleAndTake = async (
    settled: { item: OutboxItem; outcome: SendOutcome } | null,
    goOn: boolean,
  ): Promise<{ item: OutboxItem; file: Blob | null } | null> => {
    const next = await db.transaction('rw', db.items, db.files, async () => {
      if (settled) await record(settled.item, settled.outcome)
      if (!goOn) return null
      const item = await take({ db, now: now(), connectionBack, ...lease, ...(ownerId === undefined ? {} : { ownerId }) })
      if (!item) return null
      return { item, file: item.fileField === undefined ? null : await fileOf(item.id, { db }) }
    })
    if (settled) onOutcome?.(settled.item, settled.outcome)
    return next
  }

  /** One try of a taken item; null when it was settled without a try (no token, bytes gone). */
  const sendOne = async (item: OutboxItem, file: Blob | null): Promise<SendOutcome | null> => {
    const token = skipped.has(item.ownerId) ? null : await tokenFor(item.ownerId)
    if (!token) {
      // Its owner is signed out: it waits for their next sign-in.
      skipped.add(item.ownerId)
      await postpone(item.id, 'Aguardando entrar de novo', { db, now: now() })
      return null
    }
    if (item.fileField !== undefined ? !file : item.json === undefined) {
      // Bytes gone (storage evicted?): nothing left that could ever be sent.
      await reject(
        item.id,
        item.fileField === undefined ? 'O envio não está mais neste aparelho' : 'O arquivo não está mais neste aparelho',
        { db },
      )
      return null
    }
    let lastProgressAt = Date.now()
    // The lease is renewed while the bytes travel, so a long upload is never taken twice.
    const timer = setInterval(() => void renew(item.id, { db }), RENEW_EVERY_MS)
    let outcome: SendOutcome
    try {
      outcome = await send(item, {
        token,
        file,
        ...(signal ? { signal } : {}),
        onProgress: (fraction) => {
          if (Date.now() - lastProgressAt < PROGRESS_EVERY_MS) return
          lastProgressAt = Date.now()
          void renew(item.id, { db, progress: fraction })
        },
      })
    } finally {
      clearInterval(timer)
    }
    if (outcome.kind === 'retry' && outcome.error === NETWORK_ERROR) offline = true
    return outcome
  }

  const record = (item: OutboxItem, outcome: SendOutcome): Promise<void> =>
    outcome.kind === 'sent'
      ? confirm(item.id, outcome.receipt, { db, now: now() })
      : outcome.kind === 'rejected'
        ? reject(item.id, outcome.reason, { db })
        : postpone(item.id, outcome.error, { db, now: now(), offline: outcome.error === NETWORK_ERROR })

  const lane = async (): Promise<void> => {
    let taken = signal?.aborted ? null : await settleAndTake(null, true)
    while (taken) {
      const { item, file } = taken
      const outcome = await sendOne(item, file)
      // This item stays leased to this sender until its outcome is written with the next take.
      taken = await settleAndTake(outcome && { item, outcome }, !signal?.aborted && !offline)
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane))
  return nextDueAt(ownerId, { db })
}
