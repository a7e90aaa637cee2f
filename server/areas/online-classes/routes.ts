import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { AulaOnline } from '../../../src/contract/schemas/aula-online.ts'
import * as onlineClassesRepo from './repository.ts'
import { janelaAt, JOIN_OPENS_BEFORE_MS, type StudentOnlineClass } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { callerTodayBounds } from '../../http/tmz.ts'

/** The 409 texts of joining outside the window, shown to the student as they are. */
export const JOIN_TOO_EARLY = 'A aula ainda não abriu: a entrada abre 10 minutos antes do início.'
export const JOIN_ENDED = 'Esta aula já terminou.'

const DAY_MS = 86_400_000
/** The list's reach: the last 30 days and the next 60. */
export const LIST_PAST_DAYS = 30
export const LIST_FUTURE_DAYS = 60

/** The API's view of a class at `now`: the link only while it is open. */
export function toAulaOnline(aula: StudentOnlineClass, now: Date): AulaOnline {
  const status = janelaAt(aula, now)
  return {
    id: aula.id,
    turma_id: aula.turmaId,
    turma_aluno_id: aula.turmaAlunoId,
    turma_nome: aula.turmaNome,
    tema: aula.tema,
    professor: aula.professor,
    inicio: aula.inicio.toISOString(),
    fim: aula.fim.toISOString(),
    abre_em: new Date(aula.inicio.getTime() - JOIN_OPENS_BEFORE_MS).toISOString(),
    status,
    link: status === 'aberta' ? aula.link : null,
    presenca_em: aula.presencaEm?.toISOString() ?? null,
  }
}

/**
 * Today's class among a class's classes of the day: the first not yet over (the one
 * open or next), else the day's last one; null when the day has none.
 */
export function todaysOnlineClass(aulas: readonly StudentOnlineClass[], now: Date): StudentOnlineClass | null {
  return aulas.find((aula) => aula.fim > now) ?? aulas.at(-1) ?? null
}

/** SPEC §7 at-home aula-hoje and the /aula-online screens' calls (issue 10). */
export default async function onlineClassRoutes(app: FastifyInstance) {
  const db = app.db.orm

  async function hoje(by: 'turma' | 'turmaAluno', id: number, callerId: number, request: Parameters<typeof callerTodayBounds>[0]) {
    const now = new Date()
    // "Today" is the caller's calendar day at their tmz (D21), as instants.
    const [from, to] = callerTodayBounds(request, now)
    const aulas = await onlineClassesRepo.forUser(db, callerId).classOnlineClasses(by, id, from, to, now)
    if (!aulas) throw notFound()
    const aula = todaysOnlineClass(aulas, now)
    return aula ? toAulaOnline(aula, now) : null
  }

  contractRoute(app, contract.aulaHojeTurma, ({ params, caller, request }) => hoje('turma', params.id, caller.id, request))
  contractRoute(app, contract.aulaHojeTurmaAluno, ({ params, caller, request }) => hoje('turmaAluno', params.id, caller.id, request))

  contractRoute(app, contract.aulasOnline, async ({ caller }) => {
    const now = new Date()
    const aulas = await onlineClassesRepo
      .forUser(db, caller.id)
      .onlineClasses(new Date(now.getTime() - LIST_PAST_DAYS * DAY_MS), new Date(now.getTime() + LIST_FUTURE_DAYS * DAY_MS))
    return aulas.map((aula) => toAulaOnline(aula, now))
  })

  contractRoute(app, contract.aulaOnline, async ({ params, caller }) => {
    const aula = await onlineClassesRepo.forUser(db, caller.id).onlineClass(params.id)
    if (!aula) throw notFound()
    return toAulaOnline(aula, new Date())
  })

  contractRoute(app, contract.entrarAulaOnline, async ({ params, caller }) => {
    const now = new Date()
    const result = await onlineClassesRepo.forUser(db, caller.id).join(params.id, now)
    switch (result.kind) {
      case 'recorded':
        return toAulaOnline(result.aula, now)
      case 'not-found':
        throw notFound()
      case 'too-early':
        throw new HttpError(409, JOIN_TOO_EARLY)
      case 'ended':
        throw new HttpError(409, JOIN_ENDED)
    }
  })
}
