import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabases } from './fresh-databases.fixture.ts'
import { CAMPAIGN_CODE_KIND, campaignCodeContextOf, campaignCodeReceiptOf } from './outbox-kinds.ts'
import { confirm, enqueue, OutboxDb, take } from './outbox.ts'
import { drain, outcomeOf, requestOf } from './outbox-send.ts'

const freshDb = freshDatabases('outbox-kinds-test', (name) => new OutboxDb(name))

const receipt = {
  codigo: 'KNNMUNDO-EVENTO',
  descricao: 'Evento KNN na escola',
  campanha_id: 1,
  campanha_nome: 'KNN abre o mundo 2026',
  entradas: 2,
  validado_em: '2026-11-25T12:00:00.000Z',
  total_entradas: 3,
}

function queueCode(db: OutboxDb) {
  return enqueue(
    {
      kind: CAMPAIGN_CODE_KIND,
      baseUrl: '/api/v1',
      params: { id: 'KNNMUNDO-EVENTO' },
      json: null,
      fileName: 'KNNMUNDO-EVENTO',
      ownerId: 7,
      context: { campanha: '1', codigo: 'KNNMUNDO-EVENTO' },
    },
    { db, now: 1000 },
  )
}

describe('a scanned campaign code in the outbox (issue 14)', () => {
  it('is a POST without a body to the validate endpoint, with its key as Idempotency-Key', async () => {
    const db = freshDb()
    const item = await queueCode(db)
    expect(item).toMatchObject({ kind: CAMPAIGN_CODE_KIND, state: 'aguardando', hasFile: false, json: null })
    expect(campaignCodeContextOf(item)).toEqual({ campanha: '1', codigo: 'KNNMUNDO-EVENTO' })
    const request = requestOf(item, null, 'tok')
    expect(request).toEqual({
      url: '/api/v1/travel-campaigns/qr-codes/validate/KNNMUNDO-EVENTO/',
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok', 'Idempotency-Key': item.id },
      body: null,
    })
    // An item with a JSON body never goes to an endpoint without one.
    expect(() => requestOf({ ...item, json: { x: 1 } }, null, 'tok')).toThrow(/no contract endpoint that takes/)
  })

  it("keeps the server's answer as its receipt, or its refusal's words (a final 4xx)", async () => {
    const db = freshDb()
    const item = await queueCode(db)
    expect(campaignCodeReceiptOf(item)).toBeUndefined()
    expect(outcomeOf(item, 409, JSON.stringify({ detail: 'Você já validou este código em 25/11/2026.' }))).toEqual({
      kind: 'rejected',
      reason: 'Você já validou este código em 25/11/2026.',
    })
    expect(outcomeOf(item, 503, '')).toMatchObject({ kind: 'retry' })
    await take({ db, now: 1001 })
    await confirm(item.id, receipt, { db, now: 1002 })
    expect(campaignCodeReceiptOf((await db.items.get(item.id))!)).toEqual(receipt)
  })

  it('is sent once by the sender, which waits while the network is down', async () => {
    const db = freshDb()
    const item = await queueCode(db)
    const sent: string[] = []
    let online = false
    const send = async (queued: typeof item) => {
      sent.push(queued.id)
      return online ? ({ kind: 'sent', receipt } as const) : ({ kind: 'retry', error: 'Sem conexão com o servidor' } as const)
    }
    await drain({ db, tokenFor: () => 'tok', now: () => 2000, send, concurrency: 1 })
    expect((await db.items.get(item.id))?.state).toBe('aguardando')
    online = true
    await drain({ db, tokenFor: () => 'tok', now: () => 3000, send, concurrency: 1, connectionBack: true })
    await drain({ db, tokenFor: () => 'tok', now: () => 4000, send, concurrency: 1, connectionBack: true })
    expect(sent).toEqual([item.id, item.id])
    expect(await db.items.get(item.id)).toMatchObject({ state: 'enviado', receipt })
  })
})
