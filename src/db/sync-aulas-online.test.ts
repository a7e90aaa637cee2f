import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { AulaOnline } from '../contract/schemas/aula-online.ts'
import { PortalDb } from './database.ts'
import { freshDatabases } from './fresh-databases.fixture.ts'
import { claimLocalData, storeAulaOnline, storeAulasOnline, wipeLocalData } from './sync.ts'

/** The online classes kept in their sync row: stored whole, one updated by a join, wiped with the rest. */

const aula = (id: number, presenca_em: string | null = null): AulaOnline => ({
  id,
  turma_id: 1,
  turma_aluno_id: 11,
  turma_nome: 'Espanhol — Básico 1',
  tema: `Aula ${id}`,
  professor: 'Diego Ramírez',
  inicio: '2026-11-23T22:00:00.000Z',
  fim: '2026-11-23T23:00:00.000Z',
  abre_em: '2026-11-23T21:50:00.000Z',
  status: 'aberta',
  link: 'https://meet.example.com/x',
  presenca_em,
})

const freshDb = freshDatabases('aulas-online', (name) => new PortalDb(name))

describe('online classes on the device', () => {
  it('stores the list with its time and ETag, and a join replaces only its class', async () => {
    const db = freshDb()
    await claimLocalData(7, db)
    await storeAulasOnline([aula(1), aula(2)], { db, now: 1000, etags: { '/at-home/aulas-online/': 'W/"a"' } })
    await storeAulaOnline(aula(2, '2026-11-23T22:01:00.000Z'), { db })
    const row = await db.syncState.get('aulasOnline')
    expect(row).toMatchObject({ updatedAt: 1000, etags: { '/at-home/aulas-online/': 'W/"a"' } })
    expect(row!.aulasOnline!.map((a) => a.presenca_em)).toEqual([null, '2026-11-23T22:01:00.000Z'])
  })

  it('a class the list does not hold (outside its window) joins it in start order', async () => {
    const db = freshDb()
    await claimLocalData(7, db)
    await storeAulasOnline([aula(1), aula(2)], { db, now: 1000 })
    await storeAulaOnline({ ...aula(9), inicio: '2026-09-01T22:00:00.000Z' }, { db })
    const row = await db.syncState.get('aulasOnline')
    expect(row!.aulasOnline!.map((a) => a.id)).toEqual([9, 1, 2])
    expect(row!.updatedAt).toBe(1000)
  })

  it('a join before any list was stored stores nothing (the screen would take it for the whole list)', async () => {
    const db = freshDb()
    await claimLocalData(7, db)
    await storeAulaOnline(aula(1, '2026-11-23T22:01:00.000Z'), { db })
    expect(await db.syncState.get('aulasOnline')).toBeUndefined()
  })

  it('is wiped on logout and when another account claims the device', async () => {
    const db = freshDb()
    await claimLocalData(7, db)
    await storeAulasOnline([aula(1)], { db })
    await claimLocalData(8, db)
    expect(await db.syncState.get('aulasOnline')).toBeUndefined()
    await storeAulasOnline([aula(1)], { db })
    await wipeLocalData(db)
    expect(await db.syncState.get('aulasOnline')).toBeUndefined()
  })
})
