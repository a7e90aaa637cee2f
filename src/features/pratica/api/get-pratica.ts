import { api } from '../../../lib/api.ts'
import { praticaEndpoints } from '../../../contract/endpoints/pratica.ts'
import type { Pratica } from '../../../contract/schemas/pratica.ts'
import type { Device } from '../../../db/local.ts'
import { syncTicket } from '../../../db/sync-start.ts'
import { offlineQueryOptions, useOfflineData } from '../../../db/use-offline-data.ts'

export const praticaQueryKey = (turmaId: number) => ['offline', 'pratica', turmaId] as const

/**
 * Asks for each audio file once, whole (no Range), so the service worker's practice-audio
 * cache holds it: the player's Range requests are then answered from that copy,
 * offline too. Without a worker (first visit before it controls the page) it is skipped.
 */
export function warmAudioCache(pratica: Pratica): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return
  const urls = new Set([...pratica.audios.map((audio) => audio.url), ...pratica.vocabulario.flatMap((word) => word.audio_url ?? [])])
  for (const url of urls)
    void fetch(url).then(
      (response) => response.body?.cancel(),
      () => {},
    )
}

/** Fetches a class's practice content into the device (D15's read path): the screen reads it from there. */
export async function syncPratica(turmaId: number, device: Device): Promise<void> {
  const ticket = syncTicket()
  const pratica = await api.call(praticaEndpoints.pratica, { params: { id: turmaId } })
  const local = await device
  if (!(await local.mayWrite(ticket))) return
  await local.localDb.pratica.put({ turma_id: turmaId, pratica, updatedAt: Date.now() })
  warmAudioCache(pratica)
}

export const praticaQueryOptions = (turmaId: number) =>
  offlineQueryOptions(praticaQueryKey(turmaId), (device) => syncPratica(turmaId, device))

export interface PraticaDaTurma {
  pratica: Pratica
  /** The class's name when the device knows the class (its list was opened). */
  turmaNome: string | null
}

/** The practice content of one class, from the device, refreshed from the server. */
export function usePratica(turmaId: number) {
  return useOfflineData<PraticaDaTurma>({
    options: praticaQueryOptions(turmaId),
    read: async (db) => {
      const [stored, turma] = await Promise.all([db.pratica.get(turmaId), db.turmas.get(turmaId)])
      if (!stored) return null
      return { value: { pratica: stored.pratica, turmaNome: turma?.nome ?? null }, updatedAt: stored.updatedAt }
    },
    deps: [turmaId],
  })
}
