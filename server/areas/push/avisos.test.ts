import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Aviso, Avisos, PushAudience } from '../../../src/contract/schemas/push.ts'
import { turmaAlunos } from '../classes/schema.ts'
import { createAccount, createOnlineClass, createPushNotice, createPushSubscription, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../../test/app.ts'
import { recordUserAction } from './repository.ts'
import { pushDeliveries, pushNotices, pushSendings } from './schema.ts'
import { startSending } from './sender.ts'

/** "Avisos" (issue 40 item 13): the pushes sent to a student, newest first, with read state. */

const API = '/api/v1/push-notifications/avisos'

describe('avisos', () => {
  let t: TestApp
  let manager: TestAccount

  beforeAll(async () => {
    t = await createTestApp()
    manager = await createAccount(t.app, t.db, 'manager')
  })
  afterAll(() => t.close())

  const list = (account: TestAccount) => t.app.inject({ method: 'GET', url: `${API}/`, headers: bearer(account.token) })
  const read = (account: TestAccount, id: number) =>
    t.app.inject({ method: 'PUT', url: `${API}/${id}/lido/`, headers: bearer(account.token) })

  /** A manager's sending to `audience`, started now as the send button would. */
  async function send(audience: PushAudience, title: string, at = new Date()): Promise<number> {
    const [row] = await t.db.orm
      .insert(pushSendings)
      .values({ title, body: `Corpo de ${title}`, link: '/financial', audience, createdBy: manager.id })
      .returning({ id: pushSendings.id })
    expect(await startSending(t.db.orm, row!.id, at)).not.toBeNull()
    return row!.id
  }

  it('lists only her own notices, newest first, with the unread count', async () => {
    const [ana, bia] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const old = await createPushNotice(t.db, ana.id, { title: 'Antigo', sentAt: new Date(Date.now() - 86_400_000) })
    const recent = await createPushNotice(t.db, ana.id, { title: 'Recente' })
    const readOne = await createPushNotice(t.db, ana.id, { title: 'Lido', sentAt: new Date(Date.now() - 3_600_000), readAt: new Date() })
    await createPushNotice(t.db, bia.id, { title: 'Da Bia' })

    const response = await list(ana)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<Avisos>()
    expect(body.avisos.map((aviso) => aviso.id)).toEqual([recent, readOne, old])
    expect(body.avisos.map((aviso) => aviso.title)).toEqual(['Recente', 'Lido', 'Antigo'])
    expect(body.avisos[0]).toMatchObject({ body: 'Leia com atenção.', link: '/financial', read_at: null })
    expect(body.avisos[1]!.read_at).not.toBeNull()
    expect(body.nao_lidos).toBe(2)
    expect((await list(bia)).json<Avisos>()).toMatchObject({ avisos: [{ title: 'Da Bia' }], nao_lidos: 1 })
  })

  it('marks read once: the first time stays, a repeat answers the same, another student gets 404', async () => {
    const [ana, bia] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const id = await createPushNotice(t.db, ana.id)

    expect((await read(bia, id)).statusCode).toBe(404)
    expect((await read(bia, id)).json()).toEqual({ detail: 'Aviso não encontrado' })

    const first = await read(ana, id)
    expect(first.statusCode, first.body).toBe(200)
    const aviso = first.json<Aviso>()
    expect(aviso).toMatchObject({ id, title: 'Aviso da escola' })
    expect(aviso.read_at).not.toBeNull()
    const again = await read(ana, id)
    expect(again.statusCode).toBe(200)
    expect(again.json<Aviso>().read_at).toBe(aviso.read_at)
    expect((await list(ana)).json<Avisos>().nao_lidos).toBe(0)
    // Bia's attempt read nothing of hers either.
    const [stored] = await t.db.orm.select().from(pushNotices).where(eq(pushNotices.sendingId, id))
    expect(stored!.userId).toBe(ana.id)
  })

  it('a sending reaches the notices of every student its audience names, device or not, and not the others', async () => {
    const [withDevice, withoutDevice, outsider] = await Promise.all([
      createAccount(t.app, t.db),
      createAccount(t.app, t.db),
      createAccount(t.app, t.db),
    ])
    const { turma: turmaId } = await createOnlineClass(t.db, withDevice.id)
    await t.db.orm.insert(turmaAlunos).values({ turmaId, userId: withoutDevice.id })
    await createPushSubscription(t.db, withDevice.id)
    await createPushSubscription(t.db, withDevice.id, { deviceType: 'desktop' })
    await createPushSubscription(t.db, outsider.id)

    const id = await send({ kind: 'turma', turma_id: turmaId }, 'Prova na sexta')

    // Two devices, one notice; no device, still a notice; outside the class, none.
    expect(await t.db.orm.select().from(pushDeliveries).where(eq(pushDeliveries.sendingId, id))).toHaveLength(2)
    for (const student of [withDevice, withoutDevice]) {
      const body = (await list(student)).json<Avisos>()
      expect(body.avisos).toEqual([
        expect.objectContaining({ id, title: 'Prova na sexta', body: 'Corpo de Prova na sexta', read_at: null }),
      ])
      expect(body.nao_lidos).toBe(1)
    }
    expect((await list(outsider)).json<Avisos>().avisos.some((aviso) => aviso.id === id)).toBe(false)
    // The manager's own devices never make her a notice's reader.
    expect(await t.db.orm.select().from(pushNotices).where(eq(pushNotices.userId, manager.id))).toEqual([])
  })

  it('a brand reaches students through their devices on it; chosen students with or without one', async () => {
    const [phenomDevice, knnDevice, chosen] = await Promise.all([
      createAccount(t.app, t.db),
      createAccount(t.app, t.db),
      createAccount(t.app, t.db),
    ])
    await createPushSubscription(t.db, phenomDevice.id, { brand: 'phenom' })
    await createPushSubscription(t.db, knnDevice.id, { brand: 'knn' })
    const brand = await send({ kind: 'marca', brand: 'phenom' }, 'Só Phenom')
    const chosenOnes = await send({ kind: 'alunos', user_ids: [chosen.id] }, 'Escolhidos')

    expect((await list(phenomDevice)).json<Avisos>().avisos.map((aviso) => aviso.id)).toContain(brand)
    expect((await list(knnDevice)).json<Avisos>().avisos.map((aviso) => aviso.id)).not.toContain(brand)
    expect((await list(chosen)).json<Avisos>().avisos.map((aviso) => aviso.id)).toEqual([chosenOnes])
  })

  it('a click on the push reads the notice; a dismissal does not', async () => {
    const student = await createAccount(t.app, t.db)
    await createPushSubscription(t.db, student.id)
    const clicked = await send({ kind: 'alunos', user_ids: [student.id] }, 'Clicado')
    const dismissed = await send({ kind: 'alunos', user_ids: [student.id] }, 'Dispensado')
    const deliveryOf = async (sendingId: number) =>
      (await t.db.orm.select({ id: pushDeliveries.id }).from(pushDeliveries).where(eq(pushDeliveries.sendingId, sendingId)))[0]!.id
    expect(await recordUserAction(t.db.orm, await deliveryOf(clicked), 'clicked')).toBe(true)
    expect(await recordUserAction(t.db.orm, await deliveryOf(dismissed), 'dismissed')).toBe(true)

    const body = (await list(student)).json<Avisos>()
    expect(body.avisos.find((aviso) => aviso.id === clicked)!.read_at).not.toBeNull()
    expect(body.avisos.find((aviso) => aviso.id === dismissed)!.read_at).toBeNull()
    expect(body.nao_lidos).toBe(1)
  })

  it('answers at most the newest 100 while counting every unread one', async () => {
    const student = await createAccount(t.app, t.db)
    const base = Date.now() - 200 * 60_000
    const ids: number[] = []
    for (let index = 0; index < 102; index++)
      ids.push(await createPushNotice(t.db, student.id, { sentAt: new Date(base + index * 60_000) }))
    const body = (await list(student)).json<Avisos>()
    expect(body.avisos).toHaveLength(100)
    expect(body.avisos[0]!.id).toBe(ids.at(-1))
    expect(body.nao_lidos).toBe(102)
  })

  it('is a student screen: a manager gets 403', async () => {
    expect((await list(manager)).statusCode).toBe(403)
  })
})
