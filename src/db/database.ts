import Dexie, { type EntityTable } from 'dexie'
import type { Financeiro, Parcela } from '../api/schemas/financeiro.ts'
import type { Pedido } from '../api/schemas/pedido.ts'
import type { NotasAtHome, NotasTurma, Turma } from '../api/schemas/turma.ts'

/** Grades of one class as last fetched: the assessments and the at-home activities. */
export interface StoredNotas {
  turma_id: number
  notas: NotasTurma
  athome: NotasAtHome | null
}

/** What each sync last wrote and when; `owner` records whose data the tables hold. */
export type SyncKey = 'owner' | 'turmas' | 'financeiro' | 'pedidos'
export interface SyncState {
  key: SyncKey
  updatedAt: number
  userId?: number
  totais?: Financeiro['totais']
  /**
   * The server's ETag of each answer the entity was built from, by request path, sent back
   * as `If-None-Match` (issue 7). Kept here so a wipe removes them with the data.
   */
  etags?: Record<string, string>
}

export const DB_NAME = 'portal'

/**
 * The device's copy of the offline entities (D15): classes, grades, instalments and orders,
 * as the contract types them. Upgrades are explicit versions (STYLE.md "Local database"):
 * never edit a released version, add the next one.
 */
export class PortalDb extends Dexie {
  turmas!: EntityTable<Turma, 'id'>
  notas!: EntityTable<StoredNotas, 'turma_id'>
  parcelas!: EntityTable<Parcela, 'id'>
  pedidos!: EntityTable<Pedido, 'id'>
  syncState!: EntityTable<SyncState, 'key'>

  constructor(name = DB_NAME) {
    super(name)
    this.version(1).stores({
      turmas: 'id, nome',
      notas: 'turma_id',
      parcelas: 'id, vencimento',
      pedidos: 'id, criado_em',
      syncState: 'key',
    })
    // v2: orders are listed by status and instalments by status too.
    this.version(2).stores({
      parcelas: 'id, vencimento, status',
      pedidos: 'id, criado_em, status.id',
    })
  }
}

export const localDb = new PortalDb()

// Another tab upgraded the schema: let it proceed; this tab reopens on next use.
localDb.on('versionchange', () => {
  localDb.close()
  return false
})

/**
 * A returning user whose browser holds a database from a newer build (a rollback) or a
 * broken one would otherwise be stuck: start over empty and let the next sync refill it.
 */
export async function openLocalDb(db: PortalDb = localDb): Promise<PortalDb> {
  try {
    await db.open()
    // Dexie opens a newer installed version as it is; usable only if it has our tables.
    const stores = db.backendDB().objectStoreNames
    if (db.tables.every((table) => stores.contains(table.name))) return db
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name !== 'VersionError' && name !== 'UpgradeError' && name !== 'DataError') throw error
  }
  db.close()
  await Dexie.delete(db.name)
  await db.open()
  return db
}
