import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { PushSendingInput } from '../../../src/contract/schemas/push.ts'
import * as pushRepo from './repository.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { startSending } from './sender.ts'
import { contractRoute } from '../../http/contract-route.ts'

export const SENDING_NOT_FOUND = 'Envio não encontrado'
export const ALREADY_SENT = 'Este envio já foi enviado e não pode ser alterado'
export const SENDING_DELETED = 'Envio excluído'
export const SENT_ALREADY = 'Este envio já foi enviado'
/** Most delivery rows a log lists (the counts cover them all). */
export const LOG_LIMIT = 500
/** Sendings one history page lists when the client does not say. */
const DEFAULT_HISTORY_LIMIT = 50
/** Most students a search lists. */
export const STUDENT_SEARCH_LIMIT = 20

/** The managers' push-sending API (issue 11, D17); every change is audited (D31). */
export default async function pushSendingRoutes(app: FastifyInstance) {
  const db = app.db.orm

  async function checkAudience(input: PushSendingInput) {
    const problem = await pushRepo.audienceProblem(db, input.audience)
    if (problem) throw new HttpError(422, problem)
  }

  /** A sending a manager may still change: a draft or a scheduled one. */
  async function changeable(id: number) {
    const row = await pushRepo.sendings.get(db, id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    if (row.status !== 'rascunho' && row.status !== 'agendado') throw new HttpError(409, ALREADY_SENT)
    return row
  }

  contractRoute(app, contract.pushSendings, async ({ query }) => {
    const page = await pushRepo.sendings.page(db, {
      status: query.status,
      limit: query.limit ?? DEFAULT_HISTORY_LIMIT,
      offset: query.offset ?? 0,
    })
    return { items: await pushRepo.toPushSendings(db, page.rows), total: page.total }
  })

  contractRoute(app, contract.pushSendingGet, async ({ params }) => {
    const row = await pushRepo.sendings.get(db, params.id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingCreate, async ({ body, caller, reply }) => {
    await checkAudience(body)
    const row = await pushRepo.sendings.create(db, body, caller.id)
    reply.code(201)
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingUpdate, async ({ body, caller }) => {
    const { id, ...input } = body
    const before = await changeable(id)
    await checkAudience(input)
    const row = await pushRepo.sendings.update(db, before, input, caller.id)
    if (!row) throw new HttpError(409, ALREADY_SENT)
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingDelete, async ({ params, caller }) => {
    const before = await changeable(params.id)
    if (!(await pushRepo.sendings.remove(db, before, caller.id))) throw new HttpError(409, ALREADY_SENT)
    return { detail: SENDING_DELETED }
  })

  contractRoute(app, contract.pushSendingSend, async ({ body, caller, reply }) => {
    const before = await pushRepo.sendings.get(db, body.id)
    if (!before) throw notFound(SENDING_NOT_FOUND)
    if (before.status !== 'rascunho' && before.status !== 'agendado') throw new HttpError(409, SENT_ALREADY)
    const now = new Date()
    const later = body.scheduled_for !== null && new Date(body.scheduled_for) > now
    const row = later
      ? await pushRepo.sendings.schedule(db, before, new Date(body.scheduled_for!), now)
      : await startSending(db, body.id, now)
    if (!row) throw new HttpError(409, SENT_ALREADY)
    await pushRepo.auditSending(
      db,
      caller.id,
      later ? 'schedule' : 'send',
      body.id,
      { status: before.status, scheduled_for: before.scheduledFor?.toISOString() ?? null },
      { status: row.status, scheduled_for: row.scheduledFor?.toISOString() ?? null },
    )
    const answer = await pushRepo.toPushSending(db, row)
    // Answered at once (202), as queued: the deliveries go out from the queue.
    if (!later) app.push.wake()
    reply.code(202)
    return answer
  })

  contractRoute(app, contract.pushSendingLog, async ({ params }) => {
    const row = await pushRepo.sendings.get(db, params.id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    return { sending: await pushRepo.toPushSending(db, row), deliveries: await pushRepo.sendings.deliveries(db, params.id, LOG_LIMIT) }
  })

  contractRoute(app, contract.userActions, async ({ params }) => {
    if (!(await pushRepo.sendings.get(db, params.id))) throw notFound(SENDING_NOT_FOUND)
    return pushRepo.sendings.userActions(db, params.id)
  })

  contractRoute(app, contract.pushAudienceOptions, async () => pushRepo.audienceOptions(db))

  contractRoute(app, contract.pushStudentSearch, async ({ query }) => pushRepo.searchStudents(db, query.busca, STUDENT_SEARCH_LIMIT))
}
