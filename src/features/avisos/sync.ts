import type { QueryClient } from '@tanstack/react-query'
import { pushEndpoints } from '../../contract/endpoints/push.ts'
import type { Avisos } from '../../contract/schemas/push.ts'
import { loadLocalData, type Device, type LocalData } from '../../db/local.ts'
import { syncTicket } from '../../db/sync-start.ts'
import { offlineQueryOptions, useOfflineData } from '../../db/use-offline-data.ts'
import { api } from '../../lib/api.ts'
import { ApiError } from '../../lib/client.ts'
import { readAvisos, withAnswer } from './read-state.ts'

/**
 * "Avisos" (issue 40 item 13, docs/push.md "Avisos"): the pushes sent to the student, kept
 * in their sync row on the device (readable offline). A notice read here is written on the
 * device at once (`avisosLidos`) and sent with one idempotent PUT each: right away, before
 * every sync, and when the connection returns; only what the server confirmed is forgotten.
 */

export const avisosQueryKey = ['offline', 'avisos'] as const

/**
 * Sends every read waiting on the device, oldest first. A confirmed one (or one the server
 * says is not hers: 404) is forgotten and its answer replaces the stored notice; a network
 * error or a server in trouble stops the round, the rest wait for the next.
 */
export async function sendAvisosLidos(local: LocalData): Promise<void> {
  const pending = (await local.localDb.syncState.get('avisosLidos'))?.avisosLidos ?? []
  for (const read of pending) {
    try {
      const answered = await api.call(pushEndpoints.avisoLido, { params: { id: read.id } })
      const stored = (await local.localDb.syncState.get('avisos'))?.avisos
      if (stored) await local.storeSyncRow('avisos', withAnswer(stored, answered))
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) return
    }
    await local.forgetAvisosLidos([read.id])
  }
}

/** The reads waiting go first, so the answer already counts them. */
export async function syncAvisos(device: Device, show: (answer: Avisos) => void = () => {}): Promise<void> {
  const ticket = syncTicket()
  await sendAvisosLidos(await device).catch(() => undefined)
  const answer = await api.call(pushEndpoints.avisos, {})
  show(answer)
  await (await device).storeSyncRow('avisos', answer, { ticket })
}

export const avisosQueryOptions = offlineQueryOptions(avisosQueryKey, syncAvisos)

/** The notices from the device, live (the screen and the drawer's count both read them). */
export function useAvisos() {
  return useOfflineData<Avisos>({ options: avisosQueryOptions, read: readAvisos, fromAnswer: (answer: Avisos) => answer })
}

/**
 * Reads one notice: on the device at once (the list and the count follow, offline too),
 * then to the server when it can be reached.
 */
export async function markAvisoRead(id: number, now = new Date()): Promise<void> {
  const local = await loadLocalData()
  await local.storeAvisoLido(id, now.toISOString())
  void sendAvisosLidos(local).catch(() => undefined)
}

/** Reads the notices again now (a push arrived, the connection came back): the list and the count follow. */
export function refreshAvisos(queryClient: QueryClient): Promise<unknown> {
  return queryClient.fetchQuery({ ...avisosQueryOptions, staleTime: 0 }).catch(() => undefined)
}
