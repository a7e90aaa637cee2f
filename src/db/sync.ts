import type { TurmaAlunoAtividade } from '../contract/schemas/atividade.ts'
import type { AulaOnline } from '../contract/schemas/aula-online.ts'
import type { Financeiro } from '../contract/schemas/financeiro.ts'
import type { Pedido } from '../contract/schemas/pedido.ts'
import type { Turma } from '../contract/schemas/turma.ts'
import { localDb, openLocalDb, type PortalDb, type StoredNotas, type SyncKey, type SyncState } from './database.ts'
import { endSyncGeneration, forgetEtagHints, keepEtagHints, START_TICKET, syncTicket } from './sync-start.ts'

// Where a sync starts, before the database has loaded (issue 37); kept here for their callers.
export { fetchConditional, syncTicket } from './sync-start.ts'

/**
 * Writes of fetched data: each replaces the whole set in ONE transaction with its "updated
 * at" mark, so a screen never shows half of an old list and half of a new one.
 */

export interface StoreOptions {
  db?: PortalDb
  now?: number
  /** ETags of the answers the set was built from (conditional sync, issue 7). */
  etags?: Record<string, string>
  /** `syncTicket()` taken when the sync started; a wipe since then drops its write. */
  ticket?: number
}

/**
 * Writes wait until the device's data is claimed for the logged-in user: a screen's fetch
 * runs in parallel with `/users/me/` but never writes before the owner check, and a
 * fetch started before a logout never writes the old account's data after the wipe.
 */
let claimed: Promise<unknown> = Promise.resolve()

/** Whether a sync's write may land: the device is claimed and no wipe came since `ticket`. */
export async function mayWrite(ticket: number | undefined): Promise<boolean> {
  await claimed
  return ticket === undefined || ticket === syncTicket()
}

function etagsOf(etags: Record<string, string> | undefined): Partial<SyncState> {
  return etags && Object.keys(etags).length > 0 ? { etags } : {}
}

export async function storeTurmas(
  turmas: Turma[],
  notas: StoredNotas[],
  { db = localDb, now = Date.now(), etags, ticket }: StoreOptions = {},
) {
  if (!(await mayWrite(ticket))) return
  await db.transaction('rw', [db.turmas, db.notas, db.syncState], async () => {
    await db.turmas.clear()
    await db.turmas.bulkPut(turmas)
    await db.notas.clear()
    await db.notas.bulkPut(notas)
    await db.syncState.put({ key: 'turmas', updatedAt: now, ...etagsOf(etags) })
  })
  keepEtagHints('turmas', etags)
}

export async function storeFinancial(financeiro: Financeiro, { db = localDb, now = Date.now(), etags, ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.transaction('rw', [db.parcelas, db.syncState], async () => {
    await db.parcelas.clear()
    await db.parcelas.bulkPut(financeiro.parcelas)
    await db.syncState.put({ key: 'financeiro', updatedAt: now, totais: financeiro.totais, ...etagsOf(etags) })
  })
  keepEtagHints('financeiro', etags)
}

export async function storePedidos(pedidos: Pedido[], { db = localDb, now = Date.now(), etags, ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.transaction('rw', [db.pedidos, db.syncState], async () => {
    await db.pedidos.clear()
    await db.pedidos.bulkPut(pedidos)
    await db.syncState.put({ key: 'pedidos', updatedAt: now, ...etagsOf(etags) })
  })
  keepEtagHints('pedidos', etags)
}

/** The online classes: the whole list in its sync row. */
export async function storeAulasOnline(aulas: AulaOnline[], { db = localDb, now = Date.now(), etags, ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.syncState.put({ key: 'aulasOnline', updatedAt: now, aulasOnline: aulas, ...etagsOf(etags) })
  keepEtagHints('aulasOnline', etags)
}

/**
 * A sync row replaced whole (the KNN Club's, the travel campaign's, the programmes', Avisos),
 * like the online classes; with the ETags of a conditional sync (the club's) when it has them.
 */
export async function storeSyncRow<
  K extends 'clubExtrato' | 'clubRecompensas' | 'clubPedidos' | 'travelCampaign' | 'knnUsaOrlando' | 'knnUsaLondon' | 'avisos',
>(key: K, value: NonNullable<SyncState[K]>, { db = localDb, now = Date.now(), etags, ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.syncState.put({ key, updatedAt: now, [key]: value, ...etagsOf(etags) })
  if (etags !== undefined) keepEtagHints(key, etags)
}

/**
 * "Avisos" (issue 40 item 13): a notice read on this device, kept until the server confirms
 * it (`forgetAvisosLidos`); read again, it keeps its first time.
 */
export async function storeAvisoLido(id: number, at: string, { db = localDb, now = Date.now() }: StoreOptions = {}) {
  if (!(await mayWrite(undefined))) return
  await db.transaction('rw', db.syncState, async () => {
    const pending = (await db.syncState.get('avisosLidos'))?.avisosLidos ?? []
    if (pending.some((read) => read.id === id)) return
    await db.syncState.put({ key: 'avisosLidos', updatedAt: now, avisosLidos: [...pending, { id, at }] })
  })
}

/** The reads the server confirmed (or that name no notice of hers): no longer waiting. */
export async function forgetAvisosLidos(ids: readonly number[], { db = localDb, now = Date.now() }: StoreOptions = {}) {
  if (ids.length === 0) return
  await db.transaction('rw', db.syncState, async () => {
    const pending = (await db.syncState.get('avisosLidos'))?.avisosLidos ?? []
    await db.syncState.put({ key: 'avisosLidos', updatedAt: now, avisosLidos: pending.filter((read) => !ids.includes(read.id)) })
  })
}

/**
 * One online class as the server answered it (attendance on join, or the details endpoint
 * for a class outside the list's window): replaces its row in the stored list, or
 * joins it in start order, if the list is there; the list's "updated at" and ETag stay.
 */
export async function storeAulaOnline(aula: AulaOnline, { db = localDb, ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.transaction('rw', db.syncState, async () => {
    const stored = await db.syncState.get('aulasOnline')
    if (!stored?.aulasOnline) return
    const others = stored.aulasOnline.filter((row) => row.id !== aula.id)
    const aulasOnline = stored.aulasOnline.some((row) => row.id === aula.id)
      ? stored.aulasOnline.map((row) => (row.id === aula.id ? aula : row))
      : [...others, aula].sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))
    await db.syncState.update('aulasOnline', { aulasOnline })
  })
}

/** A class's activities (issue 10): one row per class, replaced whole. */
export async function storeAtividades(
  turma: Turma,
  atividades: TurmaAlunoAtividade[],
  { db = localDb, now = Date.now(), ticket }: StoreOptions = {},
) {
  if (!(await mayWrite(ticket))) return
  await db.atividades.put({ turma_id: turma.id, turma, atividades, updatedAt: now })
}

/** The ETags stored with an entity's last sync. */
export async function storedEtags(key: SyncKey, db: PortalDb = localDb): Promise<Record<string, string>> {
  await claimed
  return (await db.syncState.get(key))?.etags ?? {}
}

/** An unchanged re-sync (every answer 304): the rows stay, "Atualizado em" moves on. */
export async function markUnchanged(key: SyncKey, { db = localDb, now = Date.now(), ticket }: StoreOptions = {}) {
  if (!(await mayWrite(ticket))) return
  await db.syncState.update(key, { updatedAt: now })
}

/** Every table of the database, whatever version added it: no hand-kept list to forget (issue 8). */
async function clearAll(db: PortalDb) {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()))
  })
}

/** Logout (D15): nothing of this account stays on the device. */
export async function wipeLocalData(db: PortalDb = localDb) {
  endSyncGeneration()
  forgetEtagHints()
  const wipe = (async () => {
    await openLocalDb(db)
    await clearAll(db)
  })()
  claimed = wipe.catch(() => {})
  await wipe
}

/**
 * Called when a user is known (the kept one at start, or the one `/users/me/` answers):
 * data left by another account (a logout that never ran, e.g. a token that expired while
 * offline) is wiped before anything is shown or written. `ticket`, taken when the user was
 * asked for, drops a claim that a logout overtook.
 */
export function claimLocalData(userId: number, db: PortalDb = localDb, ticket?: number): Promise<void> {
  const claim = (async () => {
    // The first use after start: upgrade the schema, or start over if it is unusable.
    await openLocalDb(db)
    await db.transaction('rw', db.tables, async () => {
      // A `/users/me/` answer that came after a logout claims nothing: the wipe (a later
      // transaction when its ticket is still this one) leaves the device empty.
      if (ticket !== undefined && ticket !== syncTicket()) return
      const owner = await db.syncState.get('owner')
      if (owner?.userId === userId) return
      // Syncs started for the previous owner must not write now.
      if (owner) endSyncGeneration()
      forgetEtagHints()
      await Promise.all(db.tables.map((table) => table.clear()))
      await db.syncState.put({ key: 'owner', updatedAt: Date.now(), userId })
    })
  })()
  claimed = claim.catch(() => {})
  return claim
}

/**
 * The start's claim for the user the device kept (it runs after the first screen): a
 * logout made before it ran leaves the device unclaimed.
 */
export function claimForKeptUser(userId: number, db: PortalDb = localDb): Promise<void> {
  return claimLocalData(userId, db, START_TICKET)
}
