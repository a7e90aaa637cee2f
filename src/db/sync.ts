import type { Financeiro } from '../api/schemas/financeiro.ts'
import type { Pedido } from '../api/schemas/pedido.ts'
import type { Turma } from '../api/schemas/turma.ts'
import { localDb, openLocalDb, type PortalDb, type StoredNotas } from './database.ts'

/**
 * Writes of fetched data: each replaces the whole set in ONE transaction with its "updated
 * at" mark, so a screen never shows half of an old list and half of a new one.
 */

export async function storeTurmas(turmas: Turma[], notas: StoredNotas[], db: PortalDb = localDb, now = Date.now()) {
  await db.transaction('rw', [db.turmas, db.notas, db.syncState], async () => {
    await db.turmas.clear()
    await db.turmas.bulkPut(turmas)
    await db.notas.clear()
    await db.notas.bulkPut(notas)
    await db.syncState.put({ key: 'turmas', updatedAt: now })
  })
}

export async function storeNotas(notas: StoredNotas, db: PortalDb = localDb) {
  await db.notas.put(notas)
}

export async function storeFinanceiro(financeiro: Financeiro, db: PortalDb = localDb, now = Date.now()) {
  await db.transaction('rw', [db.parcelas, db.syncState], async () => {
    await db.parcelas.clear()
    await db.parcelas.bulkPut(financeiro.parcelas)
    await db.syncState.put({ key: 'financeiro', updatedAt: now, totais: financeiro.totais })
  })
}

export async function storePedidos(pedidos: Pedido[], db: PortalDb = localDb, now = Date.now()) {
  await db.transaction('rw', [db.pedidos, db.syncState], async () => {
    await db.pedidos.clear()
    await db.pedidos.bulkPut(pedidos)
    await db.syncState.put({ key: 'pedidos', updatedAt: now })
  })
}

const ALL_TABLES = (db: PortalDb) => [db.turmas, db.notas, db.parcelas, db.pedidos, db.syncState]

/** Logout (D15): nothing of this account stays on the device. */
export async function wipeLocalData(db: PortalDb = localDb) {
  await db.transaction('rw', ALL_TABLES(db), async () => {
    await Promise.all(ALL_TABLES(db).map((table) => table.clear()))
  })
}

/**
 * Called when a user is loaded: data left by another account (a logout that never ran,
 * e.g. a token that expired while offline) is wiped before anything is shown.
 */
export async function claimLocalData(userId: number, db: PortalDb = localDb) {
  // The first use after start: upgrade the schema, or start over if it is unusable.
  await openLocalDb(db)
  await db.transaction('rw', ALL_TABLES(db), async () => {
    const owner = await db.syncState.get('owner')
    if (owner?.userId === userId) return
    await Promise.all(ALL_TABLES(db).map((table) => table.clear()))
    await db.syncState.put({ key: 'owner', updatedAt: Date.now(), userId })
  })
}
