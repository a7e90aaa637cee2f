import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdParam } from '../schemas/common.ts'
import { AulaHoje, AulaOnline } from '../schemas/aula-online.ts'

const params = v.object({ id: IdParam })
const turmaNotFound = { 404: 'Turma não encontrada' } as const
const aulaNotFound = { 404: 'Aula não encontrada' } as const
/** What the two aula-hoje calls share: a class's online class of today, or null. */
const aulaHoje = {
  method: 'GET',
  service: 'portal',
  access: 'student',
  params,
  response: AulaHoje,
  errors: { byStatus: turmaNotFound, useDetail: true, fallback: 'Erro ao carregar a aula de hoje' },
} as const

/** Online classes (SPEC §2 /aula-online, §7 at-home aula-hoje; issue 10). */
export const aulaOnlineEndpoints = {
  /** Today's online class of one of the caller's classes, "today" in the caller's `tmz` (D21). */
  aulaHojeTurma: defineEndpoint({ path: '/at-home/turma/{id}/aula-hoje/', owned: { id: 'turma' }, ...aulaHoje }),
  /** The same by the caller's enrolment (`Turma.turma_aluno_id`). */
  aulaHojeTurmaAluno: defineEndpoint({ path: '/at-home/turma-aluno/{id}/aula-hoje/', owned: { id: 'turmaAluno' }, ...aulaHoje }),
  /** The online classes of all the caller's classes, from 30 days ago to 60 days ahead, by start. */
  aulasOnline: defineEndpoint({
    method: 'GET',
    path: '/at-home/aulas-online/',
    service: 'portal',
    access: 'student',
    response: v.array(AulaOnline),
    errors: { useDetail: true, fallback: 'Erro ao carregar as aulas online' },
  }),
  /** One of the caller's online classes. */
  aulaOnline: defineEndpoint({
    method: 'GET',
    path: '/at-home/aulas-online/{id}/',
    service: 'portal',
    access: 'student',
    owned: { id: 'aulaOnline' },
    params,
    response: AulaOnline,
    errors: { byStatus: aulaNotFound, useDetail: true, fallback: 'Erro ao carregar a aula' },
  }),
  /**
   * Joining (no body): records the caller's attendance while the class is open and answers
   * the class with its link; the first time stays, a repeat answers 200 unchanged.
   */
  entrarAulaOnline: defineEndpoint({
    method: 'PUT',
    path: '/at-home/aulas-online/{id}/presenca/',
    service: 'portal',
    access: 'student',
    owned: { id: 'aulaOnline' },
    params,
    response: AulaOnline,
    errors: { byStatus: aulaNotFound, useDetail: true, fallback: 'Erro ao registrar a presença' },
  }),
} as const
