import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { Extrato } from '../../contract/schemas/club.ts'
import { openLocalDb, PortalDb } from '../../db/database.ts'
import { freshDatabases } from '../../db/fresh-databases.fixture.ts'
import { claimLocalData, storeSyncRow, syncTicket, wipeLocalData } from '../../db/sync.ts'

const newDb = freshDatabases('club-store-test', (name) => new PortalDb(name))
async function freshDb() {
  const db = newDb()
  await openLocalDb(db)
  return db
}

const extrato: Extrato = {
  saldo: 820,
  expirando_30_dias: 300,
  proxima_expiracao: '2026-12-15T12:00:00.000Z',
  codigo_indicacao: 'ANASOUZA',
  movimentos: [
    {
      id: 'm1',
      tipo: 'credito',
      origem: 'indicacao',
      descricao: 'Indicação de Bruno Costa',
      pontos: 500,
      data: '2026-06-01T12:00:00.000Z',
      saldo_apos: 500,
    },
  ],
}

describe('the KNN Club on the device', () => {
  it('keeps the statement, catalogue and orders in their sync rows, and a logout wipes them', async () => {
    const db = await freshDb()
    await storeSyncRow('clubExtrato', extrato, { db, now: 1000 })
    await storeSyncRow('clubRecompensas', [], { db, now: 2000 })
    await storeSyncRow('clubPedidos', [], { db, now: 3000 })
    expect(await db.syncState.get('clubExtrato')).toEqual({ key: 'clubExtrato', updatedAt: 1000, clubExtrato: extrato })
    expect((await db.syncState.get('clubPedidos'))?.updatedAt).toBe(3000)
    await wipeLocalData(db)
    expect(await db.syncState.count()).toBe(0)
  })

  it('drops a write of a sync started before a wipe (another account must not see it)', async () => {
    const db = await freshDb()
    await claimLocalData(1, db)
    const ticket = syncTicket()
    await wipeLocalData(db)
    await storeSyncRow('clubExtrato', extrato, { db, ticket })
    expect(await db.syncState.get('clubExtrato')).toBeUndefined()
  })
})
