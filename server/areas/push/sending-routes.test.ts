import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushAudienceOptions, PushSending, PushSendingsPage, PushStudent, UserAction } from '../../../src/contract/schemas/push.ts'
import { pushDeliveries, pushSendings, userActions } from './schema.ts'
import { turmaAlunos } from '../classes/schema.ts'
import { users } from '../users/schema.ts'
import { createAccount, createOnlineClass, createPushSubscription, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import { ALREADY_SENT, SENDING_DELETED } from './sending-routes.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'

/** The managers' drafts of push notifications (issue 11, D17, D31) on the real server. */

const API = '/api/v1/push-sending'

describe('push sendings', () => {
  let t: TestApp
  let manager: TestAccount
  let student: TestAccount
  let turmaId: number

  beforeAll(async () => {
    t = await createTestApp()
    ;[manager, student] = await Promise.all([createAccount(t.app, t.db, 'manager'), createAccount(t.app, t.db)])
    // A class with the student enrolled; the student has two devices, a classmate none.
    ;({ turma: turmaId } = await createOnlineClass(t.db, student.id))
    const classmate = await createAccount(t.app, t.db)
    await t.db.orm.insert(turmaAlunos).values({ turmaId, userId: classmate.id })
    await createPushSubscription(t.db, student.id)
    await createPushSubscription(t.db, student.id, { deviceType: 'desktop' })
  })
  afterAll(() => t.close())

  const draft = (audience: object = { kind: 'turma', turma_id: turmaId }) => ({
    title: '  Prova na sexta  ',
    body: 'Revise as unidades 3 e 4.',
    link: '/pedagogico/list',
    image_url: null,
    audience,
  })
  const post = (body: object) => t.app.inject(jsonRequest('POST', `${API}/`, body, bearer(manager.token)))
  const put = (body: object) => t.app.inject(jsonRequest('PUT', `${API}/`, body, bearer(manager.token)))
  const auditOf = (id: number) =>
    t.db.orm
      .select()
      .from(managerAuditLog)
      .where(and(eq(managerAuditLog.entity, 'push_sending'), eq(managerAuditLog.entityId, String(id))))
      .orderBy(managerAuditLog.id)

  it('saves a draft with its audience size now, by whom, and writes the audit log', async () => {
    const response = await post(draft())
    expect(response.statusCode, response.body).toBe(201)
    const sending = response.json<PushSending>()
    expect(sending).toMatchObject({
      title: 'Prova na sexta',
      status: 'rascunho',
      audience_size: 2,
      created_by_name: 'Pessoa de Teste',
      counts: { targeted: 0, sent: 0, clicked: 0 },
    })
    const audit = await auditOf(sending.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ managerId: manager.id, action: 'push-sending.create', before: null })

    const read = await t.app.inject({ method: 'GET', url: `${API}/${sending.id}/`, headers: bearer(manager.token) })
    expect(read.json<PushSending>().audience).toEqual({ kind: 'turma', turma_id: turmaId })
  })

  it('edits a draft with before → after in the audit log, and deletes it', async () => {
    const { id } = (await post(draft())).json<PushSending>()
    const edited = await put({ id, ...draft({ kind: 'alunos', user_ids: [student.id] }), title: 'Prova adiada' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json<PushSending>()).toMatchObject({ title: 'Prova adiada', audience_size: 2 })
    const audit = await auditOf(id)
    expect(audit.at(-1)).toMatchObject({
      action: 'push-sending.update',
      before: { title: 'Prova na sexta' },
      after: { title: 'Prova adiada' },
    })

    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/${id}/`, headers: bearer(manager.token) })
    expect(deleted.json()).toEqual({ detail: SENDING_DELETED })
    expect(await t.db.orm.select().from(pushSendings).where(eq(pushSendings.id, id))).toEqual([])
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'push-sending.delete', after: null })
  })

  it('refuses an audience naming nothing real, and a manager as a chosen student, storing nothing', async () => {
    const before = await t.db.orm.select({ id: pushSendings.id }).from(pushSendings)
    for (const audience of [
      { kind: 'turma', turma_id: 999_999 },
      { kind: 'escola', escola_id: 424_242 },
      { kind: 'alunos', user_ids: [manager.id] },
    ]) {
      const refused = await post(draft(audience))
      expect(refused.statusCode, JSON.stringify(audience)).toBe(422)
      expect(typeof refused.json<{ detail: unknown }>().detail).toBe('string')
    }
    const link = await post({ ...draft(), link: 'https://evil.example/' })
    expect(link.statusCode).toBe(422)
    expect(await t.db.orm.select({ id: pushSendings.id }).from(pushSendings)).toEqual(before)
  })

  it('keeps a sent one unchangeable (409) and lists campaigns with counts and actions, not tests', async () => {
    const [sent] = await t.db.orm
      .insert(pushSendings)
      .values({ ...draftRow(), status: 'concluido', createdBy: manager.id, startedAt: new Date(), finishedAt: new Date() })
      .returning()
    await t.db.orm.insert(pushSendings).values({ ...draftRow(), title: 'Notificações ativadas', kind: 'teste', status: 'concluido' })
    const [first] = await t.db.orm
      .insert(pushDeliveries)
      .values([
        { sendingId: sent!.id, userId: student.id, status: 'sent' },
        { sendingId: sent!.id, userId: student.id, status: 'gone' },
      ])
      .returning()
    await t.db.orm.insert(userActions).values({ deliveryId: first!.id, action: 'clicked' })

    const change = await put({ id: sent!.id, ...draft() })
    expect(change.statusCode).toBe(409)
    expect(change.json()).toEqual({ detail: ALREADY_SENT })
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/${sent!.id}/`, headers: bearer(manager.token) })).statusCode).toBe(409)

    const list = (await t.app.inject({ method: 'GET', url: `${API}/`, headers: bearer(manager.token) })).json<PushSendingsPage>().items
    expect(list.map((item) => item.title)).not.toContain('Notificações ativadas')
    expect(list.find((item) => item.id === sent!.id)).toMatchObject({
      status: 'concluido',
      audience_size: 2,
      counts: { targeted: 2, sent: 1, gone: 1, failed: 0, clicked: 1, dismissed: 0 },
    })

    const actions = await t.app.inject({ method: 'GET', url: `/api/v1/user-actions/${sent!.id}/`, headers: bearer(manager.token) })
    expect(actions.json<UserAction[]>()).toEqual([
      expect.objectContaining({ delivery_id: first!.id, user_id: student.id, full_name: 'Pessoa de Teste', action: 'clicked' }),
    ])
  })

  it('lists the history a page at a time, newest first, each sending with its own counts and author, and filters by status', async () => {
    const other = await createAccount(t.app, t.db, 'manager')
    await t.db.orm.update(users).set({ fullName: 'Outra Gestora' }).where(eq(users.id, other.id))
    const base = Date.parse('2030-01-01T00:00:00Z')
    const rows = await t.db.orm
      .insert(pushSendings)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          ...draftRow(),
          title: `Página ${index}`,
          status: index === 4 ? ('rascunho' as const) : ('concluido' as const),
          createdBy: index % 2 === 0 ? manager.id : other.id,
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .returning()
    // Deliveries on two of them: each sending's counts are its own.
    await t.db.orm.insert(pushDeliveries).values([
      { sendingId: rows[3]!.id, userId: student.id, status: 'sent' },
      { sendingId: rows[3]!.id, userId: student.id, status: 'failed' },
      { sendingId: rows[2]!.id, userId: student.id, status: 'sent' },
    ])
    const page = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `${API}/?${query}`, headers: bearer(manager.token) })
      expect(response.statusCode).toBe(200)
      return response.json<PushSendingsPage>()
    }
    const first = await page('limit=2')
    expect(first.items.map((item) => item.title)).toEqual(['Página 4', 'Página 3'])
    const all = await page('limit=100')
    expect(first.total).toBe(all.total)
    expect(all.items.slice(0, 5).map((item) => item.title)).toEqual(['Página 4', 'Página 3', 'Página 2', 'Página 1', 'Página 0'])
    const second = await page('limit=2&offset=2')
    expect(second.items.map((item) => item.title)).toEqual(['Página 2', 'Página 1'])
    expect(first.items[1]).toMatchObject({
      counts: { targeted: 2, sent: 1, failed: 1 },
      audience_size: 2,
      created_by_name: 'Outra Gestora',
    })
    expect(second.items[0]).toMatchObject({
      counts: { targeted: 1, sent: 1, failed: 0 },
      audience_size: 1,
      created_by_name: 'Pessoa de Teste',
    })
    expect(second.items[1]).toMatchObject({ counts: { targeted: 0 }, audience_size: 0 })

    const drafts = await page('status=rascunho&limit=100')
    expect(drafts.items.every((item) => item.status === 'rascunho')).toBe(true)
    expect(drafts.items.map((item) => item.title)).toContain('Página 4')
    expect(drafts.total).toBe(drafts.items.length)
    // A page past the end is an empty page of the same total, not an error.
    expect(await page(`limit=2&offset=${all.total}`)).toEqual({ items: [], total: all.total })

    const refused = await t.app.inject({ method: 'GET', url: `${API}/?limit=101`, headers: bearer(manager.token) })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({ detail: [{ loc: ['query', 'limit'], msg: 'O valor deve ser no máximo 100', type: 'max_value' }] })
    const badStatus = await t.app.inject({ method: 'GET', url: `${API}/?status=enviado`, headers: bearer(manager.token) })
    expect(badStatus.statusCode).toBe(422)
    expect(badStatus.json()).toEqual({
      detail: [
        {
          loc: ['query', 'status'],
          msg: 'Escolha uma das situações: rascunho, agendado, enviando ou concluido.',
          type: expect.any(String),
        },
      ],
    })
  })

  it('offers the schools and classes, and finds students only, by name or e-mail', async () => {
    const options = (
      await t.app.inject({ method: 'GET', url: `${API}/audiencias/`, headers: bearer(manager.token) })
    ).json<PushAudienceOptions>()
    expect(options.turmas.some((turma) => turma.id === turmaId)).toBe(true)
    expect(new Set(options.escolas.map((escola) => escola.escola_id)).size).toBe(options.escolas.length)

    const search = (busca: string) =>
      t.app.inject({ method: 'GET', url: `${API}/alunos/?busca=${encodeURIComponent(busca)}`, headers: bearer(manager.token) })
    const byEmail = (await search(student.email.slice(0, 18))).json<PushStudent[]>()
    expect(byEmail.map((found) => found.id)).toContain(student.id)
    expect(byEmail.map((found) => found.id)).not.toContain(manager.id)
    expect((await search(manager.email)).json()).toEqual([])
    // A wildcard typed matches itself, not everything.
    expect((await search('%%')).json()).toEqual([])
    expect((await search('a')).statusCode).toBe(422)
  })
})

function draftRow() {
  return { title: 'Teste', body: 'Corpo', link: '/dashboard', audience: { kind: 'todos' as const } }
}
