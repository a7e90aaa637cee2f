import { and, asc, desc, eq, ilike, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { contract } from '../../src/api/contract.ts'
import type { PushSendingInput } from '../../src/api/schemas/push.ts'
import * as pushRepo from '../db/repositories/push.ts'
import { companies } from '../db/schema/companies.ts'
import { pushDeliveries, pushSendings, userActions } from '../db/schema/push.ts'
import { turmas } from '../db/schema/turmas.ts'
import { users } from '../db/schema/users.ts'
import { HttpError, notFound } from '../http/errors.ts'
import { startSending } from '../push/sender.ts'
import { contractRoute } from '../http/contract-route.ts'

export const SENDING_NOT_FOUND = 'Envio não encontrado'
export const ALREADY_SENT = 'Este envio já foi enviado e não pode ser alterado'
export const SENDING_DELETED = 'Envio excluído'
export const SENT_ALREADY = 'Este envio já foi enviado'
/** Most delivery rows a log lists (the counts cover them all). */
export const LOG_LIMIT = 500
/** Most students a search lists. */
export const STUDENT_SEARCH_LIMIT = 20

/** The managers' push-sending API (issue 11, D17, P139); every change is audited (D31). */
export default async function pushSendingRoutes(app: FastifyInstance) {
  const db = app.db.orm

  async function checkAudience(input: PushSendingInput) {
    const problem = await pushRepo.audienceProblem(db, input.audience)
    if (problem) throw new HttpError(422, problem)
  }

  /** A sending a manager may still change: a draft or a scheduled one (P139). */
  async function changeable(id: number) {
    const row = await pushRepo.sendings.get(db, id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    if (row.status !== 'rascunho' && row.status !== 'agendado') throw new HttpError(409, ALREADY_SENT)
    return row
  }

  contractRoute(app, contract.pushSendings, async () => {
    const rows = await pushRepo.sendings.list(db)
    return Promise.all(rows.map((row) => pushRepo.toPushSending(db, row)))
  })

  contractRoute(app, contract.pushSendingGet, async ({ params }) => {
    const row = await pushRepo.sendings.get(db, params.id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingCreate, async ({ body, caller, reply }) => {
    await checkAudience(body)
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(pushSendings)
        .values({ ...pushRepo.sendings.valuesOf(body), createdBy: caller.id })
        .returning()
      await pushRepo.recordManagerAction(tx, {
        managerId: caller.id,
        action: 'push-sending.create',
        entity: 'push_sending',
        entityId: created!.id,
        before: null,
        after: body,
      })
      return created!
    })
    reply.code(201)
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingUpdate, async ({ body, caller }) => {
    const { id, ...input } = body
    const before = await changeable(id)
    await checkAudience(input)
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(pushSendings)
        .set({ ...pushRepo.sendings.valuesOf(input), updatedAt: new Date() })
        // Only while still changeable: a send that started meanwhile is left alone.
        .where(and(eq(pushSendings.id, id), eq(pushSendings.status, before.status)))
        .returning()
      if (!updated) throw new HttpError(409, ALREADY_SENT)
      await pushRepo.recordManagerAction(tx, {
        managerId: caller.id,
        action: 'push-sending.update',
        entity: 'push_sending',
        entityId: id,
        before: pushRepo.sendings.inputOf(before),
        after: input,
      })
      return updated
    })
    return pushRepo.toPushSending(db, row)
  })

  contractRoute(app, contract.pushSendingDelete, async ({ params, caller }) => {
    const before = await changeable(params.id)
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(pushSendings)
        .where(and(eq(pushSendings.id, params.id), eq(pushSendings.status, before.status)))
        .returning({ id: pushSendings.id })
      if (deleted.length === 0) throw new HttpError(409, ALREADY_SENT)
      await pushRepo.recordManagerAction(tx, {
        managerId: caller.id,
        action: 'push-sending.delete',
        entity: 'push_sending',
        entityId: params.id,
        before: pushRepo.sendings.inputOf(before),
        after: null,
      })
    })
    return { detail: SENDING_DELETED }
  })

  contractRoute(app, contract.pushSendingSend, async ({ body, caller, reply }) => {
    const before = await pushRepo.sendings.get(db, body.id)
    if (!before) throw notFound(SENDING_NOT_FOUND)
    if (before.status !== 'rascunho' && before.status !== 'agendado') throw new HttpError(409, SENT_ALREADY)
    const now = new Date()
    const later = body.scheduled_for !== null && new Date(body.scheduled_for) > now
    let row
    if (later) {
      ;[row] = await db
        .update(pushSendings)
        .set({ status: 'agendado', scheduledFor: new Date(body.scheduled_for!), updatedAt: now })
        .where(and(eq(pushSendings.id, body.id), eq(pushSendings.status, before.status)))
        .returning()
    } else {
      row = await startSending(db, body.id, now)
    }
    if (!row) throw new HttpError(409, SENT_ALREADY)
    await pushRepo.recordManagerAction(db, {
      managerId: caller.id,
      action: later ? 'push-sending.schedule' : 'push-sending.send',
      entity: 'push_sending',
      entityId: body.id,
      before: { status: before.status, scheduled_for: before.scheduledFor?.toISOString() ?? null },
      after: { status: row.status, scheduled_for: row.scheduledFor?.toISOString() ?? null },
    })
    const answer = await pushRepo.toPushSending(db, row)
    // Answered at once (202), as queued: the deliveries go out from the queue (P140).
    if (!later) app.push.wake()
    reply.code(202)
    return answer
  })

  contractRoute(app, contract.pushSendingLog, async ({ params }) => {
    const row = await pushRepo.sendings.get(db, params.id)
    if (!row) throw notFound(SENDING_NOT_FOUND)
    const deliveries = await db
      .select({ delivery: pushDeliveries, fullName: users.fullName })
      .from(pushDeliveries)
      .leftJoin(users, eq(users.id, pushDeliveries.userId))
      .where(eq(pushDeliveries.sendingId, params.id))
      .orderBy(desc(pushDeliveries.updatedAt), asc(pushDeliveries.id))
      .limit(LOG_LIMIT)
    return {
      sending: await pushRepo.toPushSending(db, row),
      deliveries: deliveries.map(({ delivery, fullName }) => ({
        id: delivery.id,
        user_id: delivery.userId,
        full_name: fullName,
        device_type: delivery.deviceType,
        status: delivery.status,
        attempts: delivery.attempts,
        last_status: delivery.lastStatus,
        last_error: delivery.lastError,
        updated_at: delivery.updatedAt.toISOString(),
      })),
    }
  })

  contractRoute(app, contract.userActions, async ({ params }) => {
    if (!(await pushRepo.sendings.get(db, params.id))) throw notFound(SENDING_NOT_FOUND)
    const rows = await db
      .select({
        deliveryId: userActions.deliveryId,
        userId: pushDeliveries.userId,
        fullName: users.fullName,
        action: userActions.action,
        at: userActions.at,
      })
      .from(userActions)
      .innerJoin(pushDeliveries, eq(pushDeliveries.id, userActions.deliveryId))
      .leftJoin(users, eq(users.id, pushDeliveries.userId))
      .where(eq(pushDeliveries.sendingId, params.id))
      .orderBy(desc(userActions.at), desc(userActions.id))
    return rows
      .filter((row): row is typeof row & { userId: number } => row.userId !== null)
      .map((row) => ({
        delivery_id: row.deliveryId,
        user_id: row.userId,
        full_name: row.fullName,
        action: row.action,
        at: row.at.toISOString(),
      }))
  })

  contractRoute(app, contract.pushAudienceOptions, async () => {
    const schools = await db
      .selectDistinctOn([companies.escolaId], { escola_id: companies.escolaId, nome: companies.name })
      .from(companies)
      .orderBy(companies.escolaId, asc(companies.id))
    const classes = await db
      .select({ id: turmas.id, nome: turmas.nome, escola: companies.name })
      .from(turmas)
      .innerJoin(companies, eq(companies.id, turmas.companyId))
      .orderBy(asc(companies.name), asc(turmas.nome), asc(turmas.id))
    return { escolas: schools.filter((school) => school.escola_id > 0), turmas: classes }
  })

  contractRoute(app, contract.pushStudentSearch, async ({ query }) => {
    // ILIKE's own wildcards in what was typed match themselves.
    const pattern = `%${query.busca.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    return db
      .select({ id: users.id, full_name: users.fullName, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'student'), or(ilike(users.fullName, pattern), ilike(users.email, pattern))))
      .orderBy(asc(users.fullName), asc(users.id))
      .limit(STUDENT_SEARCH_LIMIT)
  })
}
