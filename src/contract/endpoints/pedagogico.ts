import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { BooleanQuery, IdParam } from '../schemas/common.ts'
import { NotasAtHome, NotasTurma, Turma } from '../schemas/turma.ts'

/** A class of the caller's by id: another student's is 404 (D7). */
const byTurmaId = { service: 'portal', access: 'student', owned: { id: 'turma' }, params: v.object({ id: IdParam }) } as const
const turmaNotFound = { 404: 'Turma não encontrada' } as const

/** The student's classes and grades (SPEC §7 at-home). */
export const pedagogicoEndpoints = {
  turmas: defineEndpoint({
    method: 'GET',
    path: '/at-home/turmas/',
    service: 'portal',
    access: 'student',
    query: v.object({ somente_digital: v.optional(BooleanQuery) }),
    response: v.array(Turma),
    errors: { useDetail: true, fallback: 'Erro ao carregar suas turmas' },
  }),
  turma: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma/{id}/',
    ...byTurmaId,
    response: Turma,
    errors: { byStatus: turmaNotFound, useDetail: true, fallback: 'Erro ao carregar a turma' },
  }),
  notasTurma: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma/{id}/notas/',
    ...byTurmaId,
    response: NotasTurma,
    errors: { byStatus: turmaNotFound, useDetail: true, fallback: 'Erro ao carregar as notas' },
  }),
  notasAtHome: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma-aluno/{id}/notas/athome/',
    service: 'portal',
    access: 'student',
    owned: { id: 'turmaAluno' },
    params: byTurmaId.params,
    response: NotasAtHome,
    errors: { byStatus: turmaNotFound, useDetail: true, fallback: 'Erro ao carregar as notas' },
  }),
} as const
