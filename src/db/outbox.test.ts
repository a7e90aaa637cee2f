import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import {
  backoffMs,
  cancel,
  confirm,
  enqueue,
  fileOf,
  isTakeable,
  forgetTokens,
  itemsOf,
  LEASE_MS,
  nextDueAt,
  OutboxDb,
  pendingCount,
  postpone,
  queuedBytes,
  reject,
  rememberToken,
  renew,
  retryNow,
  take,
  tokenOf,
  type EnqueueInput,
  type OutboxItem,
} from './outbox.ts'
import { drain, NETWORK_ERROR, outcomeOf, requestOf, SEND_CONCURRENCY, type SendOutcome } from './outbox-send.ts'
import { freshDatabases } from './fresh-databases.fixture.ts'
import { ACTIVITY_FILE_KIND } from './outbox-kinds.ts'

const freshDb = freshDatabases('outbox-test', (name) => new OutboxDb(name))

const T0 = 1_800_000_000_000
function input(overrides: Partial<Extract<EnqueueInput, { file: Blob }>> = {}): EnqueueInput {
  return {
    kind: 'atividade-arquivo',
    baseUrl: '/api/v1',
    params: { id: 7 },
    fileField: 'file',
    file: new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3])], { type: 'application/pdf' }),
    fileName: 'redação.pdf',
    ownerId: 1,
    context: { atividade: 7 },
    ...overrides,
  }
}

describe('outbox', () => {
  it('queues an item with its bytes and metadata, waiting and due at once', async () => {
    const db = freshDb()
    const item = await enqueue(input(), { db, now: T0 })
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/)
    const stored = (await db.items.get(item.id))!
    expect(stored).toMatchObject({
      state: 'aguardando',
      fileName: 'redação.pdf',
      fileSize: 7,
      fileType: 'application/pdf',
      ownerId: 1,
      attempts: 0,
      nextAttemptAt: T0,
      createdAt: T0,
    })
    expect(stored.hasFile).toBe(true)
    const bytes = (await fileOf(item.id, { db }))!
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]))
    expect(await pendingCount(1, { db })).toBe(1)
    expect(await queuedBytes(1, { db })).toBe(7)
    expect(await pendingCount(2, { db })).toBe(0)
  })

  it('take leases an item so a second sender cannot take it until the lease runs out', async () => {
    const db = freshDb()
    const { id } = await enqueue(input(), { db, now: T0 })
    const first = await take({ db, now: T0 })
    expect(first).toMatchObject({ id, state: 'enviando', attempts: 1, leaseUntil: T0 + LEASE_MS })
    expect(await take({ db, now: T0 + 1 })).toBeNull()
    // Renewed while the bytes travel: still held.
    expect(await renew(id, { db, now: T0 + 10_000, progress: 0.5 })).toBe(true)
    expect(await take({ db, now: T0 + LEASE_MS + 1 })).toBeNull()
    expect((await db.items.get(id))!.progress).toBe(0.5)
    // The holder died (tab closed): after the lease another sender takes it.
    const again = await take({ db, now: T0 + 10_000 + LEASE_MS + 1 })
    expect(again).toMatchObject({ id, attempts: 2 })
  })

  it('two senders racing for one item: exactly one gets it', async () => {
    const db = freshDb()
    await enqueue(input(), { db, now: T0 })
    const results = await Promise.all([take({ db, now: T0 }), take({ db, now: T0 }), take({ db, now: T0 })])
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it('confirm keeps the receipt and drops the bytes; the sent item no longer counts as pending', async () => {
    const db = freshDb()
    const { id } = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0 })
    await confirm(id, { referencia: 'ENV-000001' }, { db, now: T0 + 5 })
    expect(await db.items.get(id)).toMatchObject({
      state: 'enviado',
      receipt: { referencia: 'ENV-000001' },
      sentAt: T0 + 5,
      hasFile: false,
    })
    expect(await pendingCount(1, { db })).toBe(0)
    expect(await queuedBytes(1, { db })).toBe(0)
    expect(await take({ db, now: T0 + LEASE_MS * 10 })).toBeNull()
  })

  it('reject keeps the item with the reason, never sent again until retried', async () => {
    const db = freshDb()
    const { id } = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0 })
    await reject(id, 'Tipo de arquivo não aceito.', { db })
    expect(await db.items.get(id)).toMatchObject({ state: 'recusado', reason: 'Tipo de arquivo não aceito.' })
    expect(await take({ db, now: T0 + 10 ** 9 })).toBeNull()
    // Refused waits for nothing: only the student can act on it, so it is not counted as waiting.
    expect(await pendingCount(1, { db })).toBe(0)
    await retryNow(id, { db, now: T0 + 100 })
    expect(await pendingCount(1, { db })).toBe(1)
    expect(await take({ db, now: T0 + 100 })).toMatchObject({ id })
  })

  it('postpone backs off exponentially, capped, and the item is retaken when due', async () => {
    const db = freshDb()
    const { id } = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0 })
    await postpone(id, 'Erro no servidor (500)', { db, now: T0, random: () => 0.5 })
    expect(await db.items.get(id)).toMatchObject({ state: 'aguardando', lastError: 'Erro no servidor (500)', nextAttemptAt: T0 + 2_000 })
    expect(await nextDueAt(1, { db })).toBe(T0 + 2_000)
    expect(await take({ db, now: T0 + 1_999 })).toBeNull()
    expect(await take({ db, now: T0 + 2_000 })).toMatchObject({ attempts: 2 })
    expect(backoffMs(2, () => 0.5)).toBe(4_000)
    expect(backoffMs(30, () => 0.5)).toBe(300_000)
    // "Tentar agora" overrides the wait.
    await postpone(id, 'x', { db, now: T0 + 2_000, random: () => 0.5 })
    expect(await take({ db, now: T0 + 2_001, id, force: true })).toMatchObject({ id })
  })

  it('a try that failed offline is due again as soon as the connection is back', async () => {
    const db = freshDb()
    const { id } = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0 })
    await postpone(id, 'Sem conexão', { db, now: T0, random: () => 0.5, offline: true })
    const other = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0, id: other.id })
    await postpone(other.id, 'Erro no servidor (500)', { db, now: T0, random: () => 0.5 })
    // Before the connection is back, neither is due; after, only the one that never reached the server.
    expect(await take({ db, now: T0 + 10 })).toBeNull()
    expect(await take({ db, now: T0 + 10, connectionBack: true })).toMatchObject({ id })
    expect(await take({ db, now: T0 + 10, connectionBack: true })).toBeNull()
    expect((await db.items.get(other.id))!.nextAttemptAt).toBe(T0 + 2_000)
  })

  it('cancel removes a waiting item, refuses one being sent', async () => {
    const db = freshDb()
    const a = await enqueue(input(), { db, now: T0 })
    const b = await enqueue(input(), { db, now: T0 + 1 })
    await take({ db, now: T0 })
    expect(await cancel(a.id, { db })).toBe(false)
    expect(await cancel(b.id, { db })).toBe(true)
    expect((await itemsOf(1, { db })).map((item) => item.id)).toEqual([a.id])
  })

  it('stores the bytes once, in their own table, never in the item; confirm and cancel remove them', async () => {
    const db = freshDb()
    const a = await enqueue(input(), { db, now: T0 })
    const b = await enqueue(input(), { db, now: T0 + 1 })
    expect(await db.files.count()).toBe(2)
    expect(await db.files.get(a.id)).toMatchObject({ id: a.id })
    // The metadata writes of a send never copy the bytes into the item.
    await take({ db, now: T0, id: a.id })
    await renew(a.id, { db, now: T0 + 1, progress: 0.5 })
    await postpone(a.id, 'Erro no servidor (500)', { db, now: T0 + 2, random: () => 0.5 })
    for (const item of await db.items.toArray()) expect(Object.values(item).some((value) => value instanceof Blob)).toBe(false)
    expect(await db.files.count()).toBe(2)
    await take({ db, now: T0 + 10_000, id: a.id })
    await confirm(a.id, { referencia: 'ENV-1' }, { db, now: T0 + 10_001 })
    expect(await db.files.get(a.id)).toBeUndefined()
    expect(await fileOf(a.id, { db })).toBeNull()
    expect(await cancel(b.id, { db })).toBe(true)
    expect(await db.files.count()).toBe(0)
    expect(await db.items.count()).toBe(1) // a's receipt stays
  })

  it('keeps each user’s items apart and logout forgets only the tokens', async () => {
    const db = freshDb()
    await enqueue(input({ ownerId: 1 }), { db, now: T0 })
    await enqueue(input({ ownerId: 2 }), { db, now: T0 + 1 })
    expect(await take({ db, now: T0 + 5, ownerId: 2 })).toMatchObject({ ownerId: 2 })
    await rememberToken(1, 'tok-1', { db })
    expect(await tokenOf(1, { db })).toBe('tok-1')
    await forgetTokens({ db })
    expect(await tokenOf(1, { db })).toBeNull()
    expect(await itemsOf(1, { db })).toHaveLength(1)
  })
})

describe('outbox sender', () => {
  it('rebuilds the multipart request from the stored bytes with the idempotency key', async () => {
    const db = freshDb()
    const item = await enqueue(input({ fields: { note: 'oi' } }), { db, now: T0 })
    const request = requestOf(item, (await fileOf(item.id, { db }))!, 'tok')
    expect(request).toMatchObject({
      url: '/api/v1/turma-aluno-atividades/7/enviar-arquivo-atividade/',
      method: 'POST',
      headers: { Authorization: 'Bearer tok', 'Idempotency-Key': item.id },
    })
    const body = request.body as FormData
    expect(body.get('note')).toBe('oi')
    const file = body.get('file') as File
    expect(file.name).toBe('redação.pdf')
    expect(file.size).toBe(7)
  })

  it('queues a JSON item (a practice result) without bytes, sends its body as JSON and drops it once confirmed', async () => {
    const db = freshDb()
    const body = { respostas: [{ questao: 1, opcao: 2 }], feito_em: '2026-11-23T12:00:00.000Z' }
    const item = await enqueue(
      {
        kind: 'pratica-resultado',
        baseUrl: '/api/v1',
        params: { id: 2, x: 5 },
        json: body,
        fileName: 'Travel vocabulary',
        ownerId: 1,
      },
      { db, now: T0 },
    )
    expect(item).toMatchObject({ hasFile: false, json: body, fileType: 'application/json', fileSize: JSON.stringify(body).length })
    expect(item.fileField).toBeUndefined()
    expect(await db.files.count()).toBe(0)
    expect(await queuedBytes(1, { db })).toBe(0)

    const request = requestOf(item, null, 'tok')
    expect(request).toMatchObject({
      url: '/api/v1/at-home/turma/2/pratica/teste/5/resultado/',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': item.id },
    })
    expect(JSON.parse(request.body as string)).toEqual(body)
    // A file kind's endpoint never sends a JSON item, and the other way round.
    expect(() => requestOf({ ...item, kind: ACTIVITY_FILE_KIND }, null, 'tok')).toThrow(/no contract endpoint that takes/)

    const sent: (Blob | null)[] = []
    await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 10,
      send: async (_item, { file }) => {
        sent.push(file)
        return { kind: 'sent', receipt: { melhor_nota: 10 } }
      },
    })
    expect(sent).toEqual([null])
    const stored = (await db.items.get(item.id))!
    expect(stored).toMatchObject({ state: 'enviado', receipt: { melhor_nota: 10 } })
    expect(stored.json).toBeUndefined()
  })

  it('a refused JSON item can be tried again; one whose body is gone is refused for good', async () => {
    const db = freshDb()
    const item = await enqueue(
      {
        kind: 'pratica-resultado',
        baseUrl: '/api/v1',
        params: { id: 2, x: 5 },
        json: { respostas: [] },
        fileName: 'T',
        ownerId: 1,
      },
      { db, now: T0 },
    )
    await take({ db, now: T0 })
    await reject(item.id, 'Responda pelo menos uma questão.', { db })
    await retryNow(item.id, { db, now: T0 + 1 })
    expect((await db.items.get(item.id))!.state).toBe('aguardando')
    await db.items.update(item.id, { json: undefined })
    await drain({ db, tokenFor: () => 'tok', now: () => T0 + 2, send: () => Promise.reject(new Error('never sent')) })
    expect((await db.items.get(item.id))!).toMatchObject({ state: 'recusado', reason: 'O envio não está mais neste aparelho' })
  })

  it('maps answers: 2xx sent, 5xx/401/429 retried, other 4xx refused with the server’s detail', async () => {
    const item = await enqueue(input(), { db: freshDb(), now: T0 })
    expect(outcomeOf(item, 201, '{"referencia":"ENV-1"}')).toEqual({ kind: 'sent', receipt: { referencia: 'ENV-1' } })
    expect(outcomeOf(item, 503, '')).toMatchObject({ kind: 'retry' })
    expect(outcomeOf(item, 401, '')).toMatchObject({ kind: 'retry' })
    expect(outcomeOf(item, 429, '')).toMatchObject({ kind: 'retry' })
    expect(outcomeOf(item, 409, '{"detail":"Limite de 10 arquivos"}')).toEqual({ kind: 'rejected', reason: 'Limite de 10 arquivos' })
    expect(outcomeOf(item, 404, '{"detail":"x"}')).toEqual({ kind: 'rejected', reason: 'Atividade não encontrada' })
  })

  it('drain, one lane, sends due items in order, stops at a network error and answers when to try again', async () => {
    const db = freshDb()
    const a = await enqueue(input(), { db, now: T0 })
    const b = await enqueue(input(), { db, now: T0 + 1 })
    const c = await enqueue(input(), { db, now: T0 + 2 })
    const answers: SendOutcome[] = [
      { kind: 'sent', receipt: { referencia: 'ENV-1' } },
      { kind: 'retry', error: NETWORK_ERROR },
    ]
    const sent: string[] = []
    const next = await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 10,
      concurrency: 1,
      send: async (item, { token, file }) => {
        expect(token).toBe('tok')
        expect(file?.size).toBe(7)
        sent.push(item.id)
        return answers.shift()!
      },
    })
    expect(sent).toEqual([a.id, b.id])
    expect((await db.items.get(a.id))!.state).toBe('enviado')
    expect((await db.items.get(b.id))!.state).toBe('aguardando')
    expect((await db.items.get(c.id))!.state).toBe('aguardando')
    expect(next).toBe(T0 + 2) // c is due already
  })

  it('drain keeps two items in flight, sends each exactly once, and stops taking after a network error', async () => {
    const db = freshDb()
    const items = []
    for (let i = 0; i < 5; i++) items.push(await enqueue(input(), { db, now: T0 + i }))
    let inFlight = 0
    let most = 0
    const sent: string[] = []
    await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 10,
      send: async (item) => {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        sent.push(item.id)
        return { kind: 'sent', receipt: { referencia: item.id } }
      },
    })
    expect(most).toBe(SEND_CONCURRENCY)
    expect([...sent].sort()).toEqual(items.map((item) => item.id).sort())
    for (const item of items) expect(await db.items.get(item.id)).toMatchObject({ state: 'enviado', attempts: 1 })

    // Offline: each lane's try fails at once; nobody takes a third item.
    const more = []
    for (let i = 0; i < 4; i++) more.push(await enqueue(input(), { db, now: T0 + 20 + i }))
    let tries = 0
    await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 30,
      send: async () => {
        tries++
        return { kind: 'retry', error: NETWORK_ERROR }
      },
    })
    expect(tries).toBe(2)
    const states = await Promise.all(more.map(async (item) => (await db.items.get(item.id))!.attempts))
    expect(states).toEqual([1, 1, 0, 0])
  })

  it('an item held by a sender that died (a reload mid-send) is sent at once, not when its lease ends', async () => {
    const db = freshDb()
    const dead = await enqueue(input(), { db, now: T0 })
    await take({ db, now: T0, holder: 'portal-outbox-sender:closed-tab' })
    expect(await db.items.get(dead.id)).toMatchObject({ state: 'enviando', holder: 'portal-outbox-sender:closed-tab' })
    // Its lease runs 20 s more; a holder that is still alive keeps it.
    const held = (await db.items.get(dead.id))!
    expect(isTakeable(held, T0 + 1, false, { names: new Set(['portal-outbox-sender:closed-tab']), at: T0 + 1 })).toBe(false)
    expect(isTakeable(held, T0 + 1, false, { names: new Set(), at: T0 + 1 })).toBe(true)
    // Taken after the look at the locks: its sender may have started since; only the lease frees it.
    expect(isTakeable(held, T0 + 1, false, { names: new Set(), at: T0 })).toBe(false)
    expect(isTakeable(held, T0 + 1)).toBe(false)

    // drain asks the platform (Web Locks: browsers, and Node 24 that runs these tests) which senders live.
    expect(navigator.locks).toBeDefined()
    const sent: string[] = []
    await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 1,
      send: async (item) => {
        sent.push(item.id)
        return { kind: 'sent', receipt: {} }
      },
    })
    expect(sent).toEqual([dead.id])
    expect(await db.items.get(dead.id)).toMatchObject({ state: 'enviado', attempts: 2 })
  })

  it('each outcome is written with the lane’s next take; if that write fails the item stays leased and goes again with its key', async () => {
    const db = freshDb()
    const a = await enqueue(input(), { db, now: T0 })
    const b = await enqueue(input({ ownerId: 2 }), { db, now: T0 + 1 })
    await enqueue(input(), { db, now: T0 + 2 })
    // Waiting and sending count as pending for their owner; refused and sent do not.
    expect(await pendingCount(1, { db })).toBe(2)
    expect(await pendingCount(2, { db })).toBe(1)

    // The worker (no owner) sends everyone's items oldest first; onOutcome sees each one stored.
    const seen: string[] = []
    await drain({
      db,
      tokenFor: () => 'tok',
      now: () => T0 + 10,
      concurrency: 1,
      send: async (item) =>
        item.id === b.id ? { kind: 'rejected', reason: 'Recusado' } : { kind: 'sent', receipt: { referencia: item.id } },
      onOutcome: (item) => {
        seen.push(item.id)
        // Called after the write committed: a read from outside the drain sees it.
        void db.items.get(item.id).then((stored) => expect(stored?.state).not.toBe('enviando'))
      },
    })
    expect(seen[0]).toBe(a.id)
    expect(seen).toHaveLength(3)
    expect(await pendingCount(1, { db })).toBe(0)
    expect(await pendingCount(2, { db })).toBe(0)
    expect(await db.items.get(b.id)).toMatchObject({ state: 'recusado', reason: 'Recusado' })

    // A confirm that fails rolls back the next take too: the item stays leased to nobody alive and
    // the next drain sends it again with the same idempotency key (the server answers the replay).
    const c = await enqueue(input(), { db, now: T0 + 20 })
    const d = await enqueue(input(), { db, now: T0 + 21 })
    const failing = (changes: object) => {
      if ((changes as Partial<OutboxItem>).state === 'enviado') throw new Error('disk full')
    }
    db.items.hook('updating', failing)
    const keys: string[] = []
    const sendKey = async (item: OutboxItem): Promise<SendOutcome> => {
      keys.push(requestOf(item, new Blob(['x']), 'tok').headers['Idempotency-Key']!)
      return { kind: 'sent', receipt: {} }
    }
    await expect(drain({ db, tokenFor: () => 'tok', now: () => T0 + 30, concurrency: 1, send: sendKey })).rejects.toThrow()
    expect(await db.items.get(c.id)).toMatchObject({ state: 'enviando', hasFile: true })
    expect(await db.items.get(d.id)).toMatchObject({ state: 'aguardando', attempts: 0 })
    db.items.hook('updating').unsubscribe(failing)
    await drain({ db, tokenFor: () => 'tok', now: () => T0 + 31, concurrency: 1, send: sendKey })
    expect(keys).toEqual([c.id, c.id, d.id])
    expect(await db.items.get(c.id)).toMatchObject({ state: 'enviado', attempts: 2 })
    expect(await db.items.get(d.id)).toMatchObject({ state: 'enviado', attempts: 1 })
  })

  it('an item whose owner is signed out waits (no token, nothing sent)', async () => {
    const db = freshDb()
    const { id } = await enqueue(input({ ownerId: 5 }), { db, now: T0 })
    let calls = 0
    await drain({
      db,
      now: () => T0,
      send: async () => {
        calls++
        return { kind: 'sent', receipt: {} }
      },
    })
    expect(calls).toBe(0)
    expect(await db.items.get(id)).toMatchObject({ state: 'aguardando', lastError: 'Aguardando entrar de novo' })
  })
})
