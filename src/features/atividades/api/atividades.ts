import { api, PORTAL_BASE_URL } from '../../../lib/api.ts'
import { ACTIVITY_FILE } from '../../../contract/endpoints/atividades.ts'
import { atividadeEndpoints } from '../../../contract/endpoints/atividades.ts'
import { pedagogicoEndpoints } from '../../../contract/endpoints/pedagogico.ts'
import { fileProblem } from '../../../lib/file-problem.ts'
import type { TurmaAlunoAtividade } from '../../../contract/schemas/atividade.ts'
import type { Turma } from '../../../contract/schemas/turma.ts'
import type { PortalDb } from '../../../db/database.ts'
import { loadLocalData, type LocalData } from '../../../db/local.ts'
import { ACTIVITY_FILE_KIND } from '../../../db/outbox-kinds.ts'
import { loadOutboxApp } from '../../../db/outbox-live.ts'
import { offlineQueryOptions, useOfflineData } from '../../../db/use-offline-data.ts'
import { saveBlob } from '../../../ui/save-blob.ts'

/**
 * The enrolment (`turma_aluno_id`) of one of the student's classes: from the device when
 * the classes were synced, else from the server (the activities call takes the enrolment).
 */
async function classOf(local: LocalData, turmaId: number): Promise<Turma | undefined> {
  const stored = await local.localDb.turmas.get(turmaId)
  if (stored) return stored
  const turmas = await api.call(pedagogicoEndpoints.turmas, { query: {} })
  return turmas.find((turma) => turma.id === turmaId)
}

/** Fetches a class's activities into the device: shown offline after a reload. */
export async function syncAtividades(local: LocalData, turmaId: number): Promise<void> {
  const ticket = local.syncTicket()
  const turma = await classOf(local, turmaId)
  // Not one of the student's classes: the screen says "not found" (nothing to store).
  if (!turma) throw new TurmaNotFound()
  const atividades = await api.call(atividadeEndpoints.atividades, { params: { id: turma.turma_aluno_id } })
  await local.storeAtividades(turma, atividades, { ticket })
}

export class TurmaNotFound extends Error {
  override readonly name = 'TurmaNotFound'
  constructor() {
    super('Turma não encontrada')
  }
}

export function atividadesQueryOptions(turmaId: number) {
  return offlineQueryOptions(['offline', 'atividades', turmaId], async (device) => syncAtividades(await device, turmaId))
}

export interface AtividadesDaTurma {
  turma: Turma
  atividades: TurmaAlunoAtividade[]
}

async function readAtividades(db: PortalDb, turmaId: number) {
  const stored = await db.atividades.get(turmaId)
  return stored ? { value: { turma: stored.turma, atividades: stored.atividades }, updatedAt: stored.updatedAt } : null
}

/** A class's activities: from the device at once, refreshed from the server (D15 pattern). */
export function useAtividades(turmaId: number) {
  return useOfflineData<AtividadesDaTurma>({
    options: atividadesQueryOptions(turmaId),
    read: (db) => readAtividades(db, turmaId),
    deps: [turmaId],
  })
}

/** An answer of a change (delete, presence) replaces that activity in the device's copy. */
async function keepAnswer(turmaId: number, atividade: TurmaAlunoAtividade): Promise<void> {
  const local = await loadLocalData()
  const stored = await local.localDb.atividades.get(turmaId)
  if (!stored) return
  const atividades = stored.atividades.map((item) => (item.id === atividade.id ? atividade : item))
  await local.storeAtividades(stored.turma, atividades, { now: stored.updatedAt })
}

export async function excluirArquivo(turmaId: number, atividadeId: number, arquivoId: number): Promise<void> {
  const answer = await api.call(atividadeEndpoints.excluirArquivoAtividade, { params: { id: atividadeId, x: arquivoId } })
  await keepAnswer(turmaId, answer)
}

export async function registrarPresenca(turmaId: number, turmaAtividadeId: number): Promise<void> {
  const answer = await api.call(atividadeEndpoints.presencaAluno, { params: { id: turmaAtividadeId } })
  await keepAnswer(turmaId, answer)
}

export async function baixarArquivo(atividadeId: number, arquivo: { id: number; nome: string }): Promise<void> {
  saveBlob(await api.call(atividadeEndpoints.downloadAtividade, { params: { id: atividadeId, x: arquivo.id } }), arquivo.nome)
}

export async function baixarCorrecao(atividadeId: number, correcao: { id: number; nome: string }): Promise<void> {
  saveBlob(await api.call(atividadeEndpoints.downloadCorrecao, { params: { id: atividadeId, x: correcao.id } }), correcao.nome)
}

/**
 * The checks the server makes, before anything is queued: size, declared type and
 * the first bytes. Answers the Portuguese message, or null when the file may go.
 */
export function activityFileProblem(file: File): Promise<string | null> {
  return fileProblem(ACTIVITY_FILE, file)
}

/** Queues a checked file for an activity: always through the outbox (D16). */
export async function queueActivityFile(file: File, atividade: TurmaAlunoAtividade, ownerId: number) {
  const { queueWrite } = await loadOutboxApp()
  return queueWrite({
    kind: ACTIVITY_FILE_KIND,
    baseUrl: PORTAL_BASE_URL,
    params: { id: atividade.id },
    fileField: 'file',
    file,
    fileName: file.name,
    ownerId,
    context: { atividadeId: atividade.id, turmaId: atividade.turma_id, titulo: atividade.titulo },
  })
}
