import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdParam, RequiredIdempotencyKeyHeaders } from '../schemas/common.ts'
import { Pratica, ResultadoPratica, ResultadoPraticaBody } from '../schemas/pratica.ts'

/** `{id}` is one of the caller's classes (`Turma.id`): another student's is 404 (D7). */
const byTurma = { service: 'portal', access: 'student', owned: { id: 'turma' }, params: v.object({ id: IdParam }) } as const

/**
 * The practice area of a class (issue 10, /pedagogico/minha-pratica/{id}). SPEC names no
 * endpoint for it: both live under /at-home/turma/{id}/ beside the class's grades.
 */
export const praticaEndpoints = {
  /** Audio lessons, vocabulary and tests of the class's book. */
  pratica: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma/{id}/pratica/',
    ...byTurma,
    response: Pratica,
    errors: { byStatus: { 404: 'Turma não encontrada' }, useDetail: true, fallback: 'Erro ao carregar a prática' },
  }),
  /**
   * Saves a finished test: the server scores the answers and keeps the best score as the
   * test's at-home grade. `Idempotency-Key` (the device's, kept with the pending result)
   * makes a second send of the same result answer 200 with the first one.
   */
  salvarResultadoPratica: defineEndpoint({
    method: 'POST',
    path: '/at-home/turma/{id}/pratica/teste/{x}/resultado/',
    service: 'portal',
    access: 'student',
    // `{x}`: a test of the class's book; a test of another book is not found.
    owned: { id: 'turma', x: 'praticaTeste' },
    params: v.object({ id: IdParam, x: IdParam }),
    headers: RequiredIdempotencyKeyHeaders,
    body: ResultadoPraticaBody,
    response: ResultadoPratica,
    errors: { byStatus: { 404: 'Teste não encontrado' }, useDetail: true, fallback: 'Erro ao salvar o resultado' },
  }),
} as const
