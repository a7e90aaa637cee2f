import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { ApiError } from '../../../lib/client.ts'
import { aulaOnlineEndpoints } from '../../../contract/endpoints/aula-online.ts'
import type { AulaOnline } from '../../../contract/schemas/aula-online.ts'
import type { PortalDb } from '../../../db/database.ts'
import { loadLocalData, type Device } from '../../../db/local.ts'
import { etagHintsFor, fetchConditional, syncTicket } from '../../../db/sync-start.ts'
import { answerAsIs, offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../../db/use-offline-data.ts'

export const aulasOnlineQueryKey = ['offline', 'aulasOnline'] as const

async function readAulas(db: PortalDb): Promise<LocalSnapshot<AulaOnline[]> | null> {
  const meta = await db.syncState.get('aulasOnline')
  if (!meta?.aulasOnline) return null
  return { value: meta.aulasOnline, updatedAt: meta.updatedAt }
}

/** Conditional (issue 7): an unchanged list costs a 304 and the stored one stays. */
export async function syncAulasOnline(device: Device, show: (answer: AulaOnline[]) => void = () => {}): Promise<void> {
  const ticket = syncTicket()
  const path = aulaOnlineEndpoints.aulasOnline.path
  const answer = await fetchConditional(
    (sent) => api.callConditional(aulaOnlineEndpoints.aulasOnline, sent, {}),
    etagHintsFor('aulasOnline')[path],
    async () => (await readAulas((await device).localDb))?.value,
  )
  // Drawn now, before the device database has stored it (docs/offline-and-sync.md#a-screen-draws-its-answer-before-the-database-has-it); stored as it came.
  show(answer.value)
  const local = await device
  if (!answer.changed) return local.markUnchanged('aulasOnline', { ticket })
  await local.storeAulasOnline(answer.value, { ticket, etags: answer.etag ? { [path]: answer.etag } : {} })
}

export const aulasOnlineQueryOptions = offlineQueryOptions(aulasOnlineQueryKey, syncAulasOnline)

/** The caller's online classes by start, from the device (the list and the details both read it). */
export function useAulasOnline() {
  return useOfflineData<AulaOnline[]>({ options: aulasOnlineQueryOptions, read: readAulas, fromAnswer: answerAsIs })
}

/**
 * The details screen's sync: the list (conditional, usually a 304), then, when the list's
 * window (30 days back, 60 ahead) does not hold the class, the class itself from its
 * own endpoint, kept beside the list. Not the caller's, or gone: 404, and the screen says
 * it was not found.
 */
export function aulaOnlineQueryOptions(id: number) {
  return offlineQueryOptions([...aulasOnlineQueryKey, id], async (device) => {
    await syncAulasOnline(device)
    const local = await device
    if ((await readAulas(local.localDb))?.value.some((aula) => aula.id === id)) return
    const ticket = local.syncTicket()
    try {
      await local.storeAulaOnline(await api.call(aulaOnlineEndpoints.aulaOnline, { params: { id } }), { ticket })
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
  })
}

/** One online class from the stored list; `undefined` value when neither the list nor its endpoint has it. */
export function useAulaOnline(id: number) {
  return useOfflineData<AulaOnline | undefined>({
    options: aulaOnlineQueryOptions(id),
    read: async (db) => {
      const stored = await readAulas(db)
      return stored && { value: stored.value.find((aula) => aula.id === id), updatedAt: stored.updatedAt }
    },
    deps: [id],
  })
}

/**
 * Joining: the server records attendance and answers the class; the device's copy
 * takes it at once, so "Presença registrada" shows without another request.
 */
export function useEntrarAulaOnline() {
  return useMutation({
    mutationFn: async (id: number) => {
      const aula = await api.call(aulaOnlineEndpoints.entrarAulaOnline, { params: { id } })
      await (await loadLocalData()).storeAulaOnline(aula)
      return aula
    },
  })
}
