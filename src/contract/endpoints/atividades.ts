import * as v from 'valibot'
import { defineEndpoint, type FilePart } from '../define.ts'
import { FileDownload, IdParam, RequiredIdempotencyKeyHeaders } from '../schemas/common.ts'
import { ArquivoAtividade, TurmaAlunoAtividade } from '../schemas/atividade.ts'
import { MB } from '../uploads.ts'

/**
 * A file a student sends for an activity: up to 25 MB of PDF, images, audio or
 * Office documents, each checked by its first bytes. The client checks the same
 * part before queueing a file (D16), so a file over the limit never waits in the outbox.
 */
export const ACTIVITY_FILE = {
  maxBytes: 25 * MB,
  mediaTypes: [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/heic',
    'audio/mpeg',
    'audio/wav',
    'audio/x-wav',
    'audio/ogg',
    'audio/webm',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
  ],
  required: true,
} as const satisfies FilePart

/**
 * Presence in an activity held as a class opens this long before its start and closes this
 * long after: the server's rule, and the screen's to show the button only then.
 */
export const PRESENCE_OPENS_BEFORE_MS = 30 * 60_000
export const PRESENCE_CLOSES_AFTER_MS = 3 * 60 * 60_000

/** Files a student may keep on one activity. */
export const MAX_FILES_PER_ACTIVITY = 10

/** `{id}` is one of the caller's turma-aluno-atividades (`TurmaAlunoAtividade.id`). */
const byAtividade = { id: 'turmaAlunoAtividade' } as const
const atividadeNotFound = { 404: 'Atividade não encontrada' } as const
const arquivoNotFound = { 404: 'Arquivo não encontrado' } as const

/** Activities of a class and their files (SPEC §7 turma-aluno-atividades, issue 10). */
export const atividadeEndpoints = {
  /** The activities of one of the caller's enrolments (`Turma.turma_aluno_id`), by due date. */
  atividades: defineEndpoint({
    method: 'GET',
    path: '/turma-aluno-atividades/turma-aluno/{id}/',
    service: 'portal',
    access: 'student',
    owned: { id: 'turmaAluno' },
    params: v.object({ id: IdParam }),
    response: v.array(TurmaAlunoAtividade),
    errors: { byStatus: { 404: 'Turma não encontrada' }, useDetail: true, fallback: 'Erro ao carregar as atividades' },
  }),
  /**
   * Sends one file (D16): the outbox's key in `Idempotency-Key`. The first send answers 201
   * with the stored file; a replay of the key answers 200 with the same one.
   */
  enviarArquivoAtividade: defineEndpoint({
    method: 'POST',
    path: '/turma-aluno-atividades/{id}/enviar-arquivo-atividade/',
    service: 'portal',
    access: 'student',
    owned: byAtividade,
    params: v.object({ id: IdParam }),
    headers: RequiredIdempotencyKeyHeaders,
    bodyEncoding: 'multipart',
    multipart: { files: { file: ACTIVITY_FILE } },
    response: ArquivoAtividade,
    errors: { byStatus: atividadeNotFound, useDetail: true, fallback: 'Erro ao enviar o arquivo' },
  }),
  /** A file the student sent: to its owner, and to a manager of the class's school. */
  downloadAtividade: defineEndpoint({
    method: 'GET',
    path: '/turma-aluno-atividades/{id}/download-atividade/{x}/',
    service: 'portal',
    access: 'user',
    owned: { ...byAtividade, x: 'atividadeArquivo' },
    params: v.object({ id: IdParam, x: IdParam }),
    response: FileDownload,
    errors: { byStatus: arquivoNotFound, useDetail: true, fallback: 'Erro ao baixar o arquivo' },
  }),
  /** The teacher's correction: to the student, and to a manager of the class's school. */
  downloadCorrecao: defineEndpoint({
    method: 'GET',
    path: '/turma-aluno-atividades/{id}/download-correcao/{x}/',
    service: 'portal',
    access: 'user',
    owned: { ...byAtividade, x: 'atividadeCorrecao' },
    params: v.object({ id: IdParam, x: IdParam }),
    response: FileDownload,
    errors: { byStatus: { 404: 'Correção não encontrada' }, useDetail: true, fallback: 'Erro ao baixar a correção' },
  }),
  /** Deletes a sent file while the activity has no correction; answers the activity. */
  excluirArquivoAtividade: defineEndpoint({
    method: 'DELETE',
    path: '/turma-aluno-atividades/{id}/excluir-atividade/{x}/',
    service: 'portal',
    access: 'student',
    owned: { ...byAtividade, x: 'atividadeArquivo' },
    params: v.object({ id: IdParam, x: IdParam }),
    response: TurmaAlunoAtividade,
    errors: { byStatus: arquivoNotFound, useDetail: true, fallback: 'Erro ao excluir o arquivo' },
  }),
  /** Records the caller's presence in an activity held as a class; answers the activity. */
  presencaAluno: defineEndpoint({
    method: 'PUT',
    path: '/turma-aluno-atividades/turma-atividade/{id}/presenca-aluno/',
    service: 'portal',
    access: 'student',
    owned: { id: 'turmaAtividade' },
    params: v.object({ id: IdParam }),
    response: TurmaAlunoAtividade,
    errors: { byStatus: atividadeNotFound, useDetail: true, fallback: 'Erro ao registrar a presença' },
  }),
} as const
