import type { ConditionalResult } from '../../../lib/client.ts'
import { api } from '../../../lib/api.ts'
import { pedagogicoEndpoints } from '../../../contract/endpoints/pedagogico.ts'
import { fillPath } from '../../../contract/define.ts'
import type { Turma } from '../../../contract/schemas/turma.ts'
import type { StoredNotas } from '../../../db/database.ts'
import type { Device } from '../../../db/local.ts'
import { etagHintsFor, fetchConditional, syncTicket } from '../../../db/sync-start.ts'
import { offlineQueryOptions, useOfflineData } from '../../../db/use-offline-data.ts'
import { yieldToBrowser } from '../../../lib/yield-to-browser.ts'

export const classesQueryKey = ['offline', 'turmas'] as const

/** What the sync shows before it has stored anything: the classes, without their grades. */
interface TurmasAnswer {
  turmas: Turma[]
}

/** By name, as the device's index orders them (code units, like IndexedDB's keys). */
function byNome(a: Turma, b: Turma): number {
  return a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : 0
}

/**
 * Classes and, with them, every class's grades: a student who opened the list once can
 * read any class's grades on the bus (D15). Each answer is conditional (issue 7): what did
 * not change costs a 304 and is taken from the device.
 */
export async function syncTurmas(device: Device, show: (answer: TurmasAnswer) => void): Promise<void> {
  const ticket = syncTicket()
  const etags = etagHintsFor('turmas')
  const next: Record<string, string> = {}
  let changed = false
  async function get<T>(
    path: string,
    request: (etag: string | null) => Promise<ConditionalResult<T>>,
    stored: () => Promise<T | undefined>,
  ): Promise<T> {
    const answer = await fetchConditional(request, etags[path], stored)
    if (answer.etag) next[path] = answer.etag
    changed ||= answer.changed
    return answer.value
  }

  const turmas = await get(
    pedagogicoEndpoints.turmas.path,
    (etag) => api.callConditional(pedagogicoEndpoints.turmas, etag, { query: {} }),
    async () => {
      const { localDb } = await device
      const stored = await localDb.turmas.toArray()
      return (await localDb.syncState.get('turmas')) ? stored : undefined
    },
  )
  // The list needs the classes only: drawn now, while their grades are fetched.
  show({ turmas })
  const notas: StoredNotas[] = await Promise.all(
    turmas.map(async (turma, index) => {
      // Each class's two requests start a task after the previous class's: starting a request
      // costs milliseconds of main thread on a phone, and a dozen at once made a long task.
      for (let step = 0; step < index; step++) await yieldToBrowser()
      const storedNotas = async () => (await device).localDb.notas.get(turma.id)
      const [notasTurma, athome] = await Promise.all([
        get(
          fillPath(pedagogicoEndpoints.notasTurma.path, { id: turma.id }),
          (etag) => api.callConditional(pedagogicoEndpoints.notasTurma, etag, { params: { id: turma.id } }),
          async () => (await storedNotas())?.notas,
        ),
        get(
          fillPath(pedagogicoEndpoints.notasAtHome.path, { id: turma.turma_aluno_id }),
          (etag) => api.callConditional(pedagogicoEndpoints.notasAtHome, etag, { params: { id: turma.turma_aluno_id } }),
          async () => (await storedNotas())?.athome ?? undefined,
        ),
      ])
      return { turma_id: turma.id, notas: notasTurma, athome }
    }),
  )
  const local = await device
  if (!changed && Object.keys(next).length === Object.keys(etags).length) return local.markUnchanged('turmas', { ticket })
  await local.storeTurmas(turmas, notas, { ticket, etags: next })
}

export const classesQueryOptions = offlineQueryOptions(classesQueryKey, syncTurmas)

export function useTurmas() {
  return useOfflineData<Turma[]>({
    options: classesQueryOptions,
    read: async (db) => {
      const meta = await db.syncState.get('turmas')
      if (!meta) return null
      return { value: await db.turmas.orderBy('nome').toArray(), updatedAt: meta.updatedAt }
    },
    fromAnswer: (answer: TurmasAnswer) => [...answer.turmas].sort(byNome),
  })
}

export interface TurmaComNotas {
  turma: Turma
  notas: StoredNotas
}

/** One class's grades, from the same sync as the list; null when this device has none. */
export function useNotasDaTurma(turmaId: number) {
  return useOfflineData<TurmaComNotas | undefined>({
    options: classesQueryOptions,
    read: async (db) => {
      const meta = await db.syncState.get('turmas')
      if (!meta) return null
      const [turma, notas] = await Promise.all([db.turmas.get(turmaId), db.notas.get(turmaId)])
      return { value: turma && notas ? { turma, notas } : undefined, updatedAt: meta.updatedAt }
    },
    deps: [turmaId],
  })
}

/** Every class with its grades, for the dashboard's "latest grade". */
export function useTurmasComNotas() {
  return useOfflineData<TurmaComNotas[]>({
    options: classesQueryOptions,
    read: async (db) => {
      const meta = await db.syncState.get('turmas')
      if (!meta) return null
      const [turmas, notas] = await Promise.all([db.turmas.toArray(), db.notas.toArray()])
      const byTurma = new Map(notas.map((n) => [n.turma_id, n]))
      return {
        value: turmas.flatMap((turma) => {
          const n = byTurma.get(turma.id)
          return n ? [{ turma, notas: n }] : []
        }),
        updatedAt: meta.updatedAt,
      }
    },
  })
}
