import type { FastifyInstance } from 'fastify'
import { MAX_FILES_PER_ACTIVITY } from '../../../src/contract/endpoints/atividades.ts'
import { contract } from '../../../src/contract/contract.ts'
import type { ArquivoAtividade, TurmaAlunoAtividade } from '../../../src/contract/schemas/atividade.ts'
import * as activitiesRepo from './repository.ts'
import type { ActivityFile, StoredActivityFile, StudentActivity } from './repository.ts'
import { contractRoute, type FileAnswer } from '../../http/contract-route.ts'
import type { Caller } from '../../plugins/auth.ts'
import { HttpError, notFound } from '../../http/errors.ts'

/** The 4xx texts of the activity calls (Portuguese, shown to the student as they are). */
export const TOO_MANY_FILES = `Esta atividade já tem ${MAX_FILES_PER_ACTIVITY} arquivos enviados. Exclua um para enviar outro.`
export const KEY_REUSED = 'Esta chave de envio (Idempotency-Key) já foi usada para outro arquivo.'
export const SEND_DELETED = 'Este envio já foi recebido e depois excluído.'
export const ALREADY_CORRECTED = 'Esta atividade já foi corrigida: o arquivo enviado não pode mais ser excluído.'
export const NO_CLASS = 'Esta atividade não tem aula para registrar presença.'
export const PRESENCE_TOO_EARLY = 'A presença abre 30 minutos antes do início da aula.'
export const PRESENCE_TOO_LATE = 'O prazo para registrar presença nesta aula terminou.'

/** "ENV-000123": the reference a student shows the teacher. */
export function referencia(id: number): string {
  return `ENV-${String(id).padStart(6, '0')}`
}

function toArquivo(arquivo: ActivityFile): ArquivoAtividade {
  return {
    id: arquivo.id,
    turma_aluno_atividade_id: arquivo.turmaAlunoAtividadeId,
    nome: arquivo.nome,
    tamanho: arquivo.tamanho,
    tipo: arquivo.tipo,
    sha256: arquivo.sha256,
    recebido_em: arquivo.recebidoEm.toISOString(),
    referencia: referencia(arquivo.id),
  }
}

export function toAtividade(atividade: StudentActivity): TurmaAlunoAtividade {
  return {
    id: atividade.id,
    turma_atividade_id: atividade.turmaAtividadeId,
    turma_id: atividade.turmaId,
    titulo: atividade.titulo,
    enunciado: atividade.enunciado,
    data_entrega: atividade.dataEntrega,
    aula_em: atividade.aulaEm?.toISOString() ?? null,
    presenca_em: atividade.presencaEm?.toISOString() ?? null,
    arquivos: atividade.arquivos.map(toArquivo),
    correcoes: atividade.correcoes.map((correcao) => ({
      id: correcao.id,
      nome: correcao.nome,
      tamanho: correcao.tamanho,
      tipo: correcao.tipo,
      comentario: correcao.comentario,
      corrigido_em: correcao.corrigidoEm.toISOString(),
    })),
  }
}

/** SPEC §7 turma-aluno-atividades (issue 10): activities, sent files, corrections, presence. */
export default async function activityRoutes(app: FastifyInstance) {
  const db = app.db.orm
  const storage = app.fileStorage

  async function activityOf(userId: number, id: number): Promise<TurmaAlunoAtividade> {
    const atividade = await activitiesRepo.forUser(db, userId).activity(id)
    if (!atividade) throw notFound()
    return toAtividade(atividade)
  }

  /** The student reads their own files; a manager those of their school's classes. */
  function readerOf(caller: Caller) {
    return caller.role === 'manager' ? activitiesRepo.forStaff(db, caller.id) : activitiesRepo.forUser(db, caller.id)
  }

  async function download(file: StoredActivityFile | null, log: FastifyInstance['log']): Promise<FileAnswer> {
    if (!file) throw notFound()
    const body = await storage.get(file.chave)
    if (!body) {
      // A row whose bytes are gone: storage lost them (or an operator removed them).
      log.error({ key: file.chave }, 'stored file missing')
      throw notFound()
    }
    return { body, type: file.tipo, name: file.nome, size: file.tamanho, sha256: file.sha256 }
  }

  contractRoute(app, contract.atividades, async ({ params, caller }) => {
    const atividades = await activitiesRepo.forUser(db, caller.id).activities(params.id)
    if (!atividades) throw notFound()
    return atividades.map(toAtividade)
  })

  contractRoute(app, contract.enviarArquivoAtividade, async ({ params, headers, files, caller, reply, request }) => {
    const { file } = files
    const result = await activitiesRepo
      .forUser(db, caller.id)
      .uploadFile(params.id, headers['idempotency-key'], file, MAX_FILES_PER_ACTIVITY)
    // Throwing below deletes the file just stored (contractRoute); so does a replay, by hand.
    switch (result.kind) {
      case 'created':
        reply.code(201)
        return toArquivo(result.arquivo)
      case 'replayed':
        await storage.delete(file.key).catch((error: unknown) => request.log.error({ err: error }, 'replayed upload not deleted'))
        return toArquivo(result.arquivo)
      case 'not-found':
        throw notFound()
      case 'limit':
        throw new HttpError(409, TOO_MANY_FILES)
      case 'key-reused':
        throw new HttpError(422, KEY_REUSED)
      case 'deleted':
        throw new HttpError(410, SEND_DELETED)
    }
  })

  contractRoute(app, contract.downloadAtividade, async ({ params, caller, request }) =>
    download(await readerOf(caller).file(params.id, params.x), request.log),
  )

  contractRoute(app, contract.downloadCorrecao, async ({ params, caller, request }) =>
    download(await readerOf(caller).correction(params.id, params.x), request.log),
  )

  contractRoute(app, contract.excluirArquivoAtividade, async ({ params, caller, request }) => {
    const result = await activitiesRepo.forUser(db, caller.id).deleteFile(params.id, params.x)
    if (result.kind === 'corrected') throw new HttpError(409, ALREADY_CORRECTED)
    if (result.kind !== 'deleted') throw notFound()
    // The row is marked first: a failure here leaves unreachable bytes, never a row without them.
    await storage.delete(result.chave).catch((error: unknown) => request.log.error({ err: error }, 'deleted upload not removed'))
    return activityOf(caller.id, params.id)
  })

  contractRoute(app, contract.presencaAluno, async ({ params, caller }) => {
    const result = await activitiesRepo.forUser(db, caller.id).recordAttendance(params.id, new Date())
    switch (result.kind) {
      case 'recorded':
        return activityOf(caller.id, result.turmaAlunoAtividadeId)
      case 'not-found':
        throw notFound()
      case 'no-class':
        throw new HttpError(409, NO_CLASS)
      case 'too-early':
        throw new HttpError(409, PRESENCE_TOO_EARLY)
      case 'too-late':
        throw new HttpError(409, PRESENCE_TOO_LATE)
    }
  })
}
