import { api } from '../../../api/api.ts'
import { contract } from '../../../api/contract.ts'
import type { Turma } from '../../../api/schemas/turma.ts'
import { localDb, type StoredNotas } from '../../../db/database.ts'
import { storeTurmas } from '../../../db/sync.ts'
import { useOfflineData } from '../../../db/use-offline-data.ts'

export const turmasQueryKey = ['offline', 'turmas'] as const

/**
 * Classes and, with them, every class's grades: a student who opened the list once can
 * read any class's grades on the bus (D15).
 */
export async function syncTurmas(): Promise<void> {
  const turmas = await api.call(contract.turmas, { query: {} })
  const notas: StoredNotas[] = await Promise.all(
    turmas.map(async (turma) => {
      const [notasTurma, athome] = await Promise.all([
        api.call(contract.notasTurma, { params: { id: turma.id } }),
        api.call(contract.notasAtHome, { params: { id: turma.turma_aluno_id } }),
      ])
      return { turma_id: turma.id, notas: notasTurma, athome }
    }),
  )
  await storeTurmas(turmas, notas)
}

export function useTurmas() {
  return useOfflineData<Turma[]>({
    queryKey: turmasQueryKey,
    sync: syncTurmas,
    read: async () => {
      const meta = await localDb.syncState.get('turmas')
      if (!meta) return null
      return { value: await localDb.turmas.orderBy('nome').toArray(), updatedAt: meta.updatedAt }
    },
  })
}

export interface TurmaComNotas {
  turma: Turma
  notas: StoredNotas
}

/** One class's grades, from the same sync as the list; null when this device has none. */
export function useNotasDaTurma(turmaId: number) {
  return useOfflineData<TurmaComNotas | undefined>({
    queryKey: turmasQueryKey,
    sync: syncTurmas,
    read: async () => {
      const meta = await localDb.syncState.get('turmas')
      if (!meta) return null
      const [turma, notas] = await Promise.all([localDb.turmas.get(turmaId), localDb.notas.get(turmaId)])
      return { value: turma && notas ? { turma, notas } : undefined, updatedAt: meta.updatedAt }
    },
    deps: [turmaId],
  })
}

/** Every class with its grades, for the dashboard's "latest grade". */
export function useTurmasComNotas() {
  return useOfflineData<TurmaComNotas[]>({
    queryKey: turmasQueryKey,
    sync: syncTurmas,
    read: async () => {
      const meta = await localDb.syncState.get('turmas')
      if (!meta) return null
      const [turmas, notas] = await Promise.all([localDb.turmas.toArray(), localDb.notas.toArray()])
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
