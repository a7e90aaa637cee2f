import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { defineEndpoint } from '../../src/contract/define.ts'
import { IdempotencyKeyHeaders, IdParam, Text } from '../../src/contract/schemas/common.ts'
import * as classesRepo from '../areas/classes/repository.ts'
import { contractRoute } from '../http/contract-route.ts'
import { notFound } from '../http/errors.ts'

/**
 * A multipart endpoint declared by the tests (the real contract has none until issue 10):
 * a student sends a file about one of their classes, with a description and up to two
 * attachments. Served by the same `contractRoute` and plugins as every endpoint, so the
 * generated safety suite and server/http/multipart-body.test.ts test the real mechanism.
 */
export const uploadTestContract = {
  enviarArquivos: defineEndpoint({
    method: 'POST',
    path: '/teste/turma/{id}/arquivos/',
    service: 'portal',
    access: 'student',
    owned: { id: 'turma' },
    params: v.object({ id: IdParam }),
    headers: IdempotencyKeyHeaders,
    bodyEncoding: 'multipart',
    body: v.object({ descricao: Text(200), observacao: v.optional(Text(50)) }),
    multipart: {
      files: {
        arquivo: { maxBytes: 64 * 1024, mediaTypes: ['application/pdf', 'image/png'], required: true },
        anexos: { maxBytes: 16 * 1024, mediaTypes: ['image/jpeg', 'text/plain'], required: false, maxCount: 2 },
      },
    },
    response: v.object({
      turma: v.number(),
      descricao: v.string(),
      arquivos: v.array(v.object({ campo: v.string(), nome: v.string(), tipo: v.string(), tamanho: v.number(), chave: v.string() })),
    }),
    errors: { useDetail: true, fallback: 'Erro ao enviar o arquivo' },
  }),
} as const

/** Serves `uploadTestContract` on `app` (before `ready`). */
export function registerUploadTestRoutes(app: FastifyInstance): void {
  contractRoute(app, uploadTestContract.enviarArquivos, async ({ params, body, files, caller }) => {
    // The files are stored before the handler runs; throwing here deletes them.
    const turma = await classesRepo.forUser(app.db.orm, caller.id).class(params.id)
    if (!turma) throw notFound()
    const described = [{ campo: 'arquivo', file: files.arquivo }, ...(files.anexos ?? []).map((file) => ({ campo: 'anexos', file }))]
    return {
      turma: params.id,
      descricao: body.descricao,
      arquivos: described.map(({ campo, file }) => ({ campo, nome: file.name, tipo: file.type, tamanho: file.size, chave: file.key })),
    }
  })
}
