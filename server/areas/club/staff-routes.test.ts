import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type {
  Extrato,
  IndicacaoGestao,
  IndicacoesPage,
  PedidoRecompensaGestao,
  PedidosRecompensaPage,
  Recompensa,
  ResgateResult,
} from '../../../src/contract/schemas/club.ts'
import { creditPoints } from './repository.ts'
import { REWARD_ENTITY, REWARD_ORDER_ENTITY } from './staff-repository.ts'
import { addLead, LEAD_ENTITY, referralCodeOf } from '../referral/repository.ts'
import { clubIndicacoes, clubMovimentos, clubRecompensas } from './schema.ts'

import { users } from '../users/schema.ts'
import { MANAGERS_ONLY } from '../../plugins/auth.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { LEAD_FINAL } from './staff-routes.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'

const t = testAppForFile()
let manager: TestAccount
let otherManager: TestAccount

beforeAll(async () => {
  ;[manager, otherManager] = await Promise.all([createAccount(t.app, t.db, 'manager'), createAccount(t.app, t.db, 'manager')])
})

const api = '/api/v1/club/gestao'
const get = (path: string, token = manager.token) => t.app.inject({ method: 'GET', url: `${api}${path}`, headers: bearer(token) })
const put = (path: string, body: unknown, token = manager.token) => t.app.inject(jsonRequest('PUT', `${api}${path}`, body, bearer(token)))
const post = (path: string, body: unknown, token = manager.token) => t.app.inject(jsonRequest('POST', `${api}${path}`, body, bearer(token)))

async function member(isClub = true): Promise<TestAccount> {
  const account = await createAccount(t.app, t.db)
  if (isClub) await t.db.orm.update(users).set({ isClub: true }).where(eq(users.id, account.id))
  return account
}

async function balanceOf(student: TestAccount): Promise<Extrato> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/transactions/extrato/', headers: bearer(student.token) })).json<Extrato>()
}

async function auditOf(entity: string, id: number) {
  return t.db.orm
    .select()
    .from(managerAuditLog)
    .where(and(eq(managerAuditLog.entity, entity), eq(managerAuditLog.entityId, String(id))))
    .orderBy(managerAuditLog.id)
}

let seq = 0
async function lead(referrerId: number): Promise<number> {
  seq++
  const codigo = await referralCodeOf(t.db.orm, referrerId)
  const email = `lead.${seq}.${randomBytes(3).toString('hex')}@example.com`
  expect(
    await addLead(t.db.orm, {
      codigo,
      nome: `Amigo ${seq}`,
      telefone: `219${String(Date.now() % 1e5).padStart(5, '0')}${String(seq).padStart(3, '0')}`,
      email,
    }),
  ).toBe('registrada')
  const [row] = await t.db.orm.select({ id: clubIndicacoes.id }).from(clubIndicacoes).where(eq(clubIndicacoes.email, email))
  return row!.id
}

async function referralCredits(userId: number) {
  return t.db.orm
    .select()
    .from(clubMovimentos)
    .where(and(eq(clubMovimentos.userId, userId), eq(clubMovimentos.origem, 'indicacao')))
}

describe('referral leads', () => {
  it('lists leads with their referrer and status, filtered by status', async () => {
    const referrer = await member()
    const id = await lead(referrer.id)
    const response = await get('/indicacoes/?status=novo&limit=100')
    expect(response.statusCode).toBe(200)
    const page = response.json<IndicacoesPage>()
    expect(page.items.find((item) => item.id === id)).toMatchObject({
      status: 'novo',
      creditado: false,
      indicado_por: { id: referrer.id, email: referrer.email, nome: 'Pessoa de Teste' },
    })
    expect(page.items.every((item) => item.status === 'novo')).toBe(true)
    expect(page.total).toBeGreaterThanOrEqual(1)
  })

  it('pages through every lead newest first, the second half read from the end in the same order', async () => {
    const referrer = await member()
    for (let i = 0; i < 5; i++) await lead(referrer.id)
    const whole = (await get('/indicacoes/?limit=100')).json<IndicacoesPage>()
    expect(whole.items).toHaveLength(whole.total)
    const paged: number[] = []
    for (let offset = 0; offset < whole.total; offset += 3) {
      const page = (await get(`/indicacoes/?limit=3&offset=${offset}`)).json<IndicacoesPage>()
      expect(page.total).toBe(whole.total)
      paged.push(...page.items.map((item) => item.id))
    }
    expect(paged).toEqual(whole.items.map((item) => item.id))
    const newest = whole.items.map((item) => item.criado_em)
    expect(newest).toEqual([...newest].sort().reverse())
  })

  it('marking a lead enrolled credits the referrer 500 points once, audited; marking it again credits nothing', async () => {
    const referrer = await member()
    const id = await lead(referrer.id)
    expect((await put(`/indicacoes/${id}/`, { status: 'contatado' })).json<IndicacaoGestao>().status).toBe('contatado')
    const enrolled = await put(`/indicacoes/${id}/`, { status: 'matriculado' })
    expect(enrolled.statusCode).toBe(200)
    expect(enrolled.json<IndicacaoGestao>()).toMatchObject({ id, status: 'matriculado', creditado: true })
    const again = await put(`/indicacoes/${id}/`, { status: 'matriculado' }, otherManager.token)
    expect(again.statusCode).toBe(200)
    expect(await referralCredits(referrer.id)).toHaveLength(1)
    const extrato = await balanceOf(referrer)
    expect(extrato.saldo).toBe(500)
    expect(extrato.movimentos[0]).toMatchObject({ tipo: 'credito', origem: 'indicacao', pontos: 500, saldo_apos: 500 })
    expect(extrato.movimentos[0]!.descricao).toMatch(/^Indicação matriculada: Amigo \d+$/)
    const audit = await auditOf(LEAD_ENTITY, id)
    expect(audit.map((row) => [row.managerId, row.before, row.after])).toEqual([
      [manager.id, { status: 'novo' }, { status: 'contatado' }],
      [manager.id, { status: 'contatado' }, { status: 'matriculado', creditado: true }],
    ])
    const back = await put(`/indicacoes/${id}/`, { status: 'descartado' })
    expect([back.statusCode, back.json()]).toEqual([409, { detail: LEAD_FINAL }])
  })

  it('credits once when two managers mark the same lead enrolled at the same instant', async () => {
    for (let round = 0; round < 3; round++) {
      const referrer = await member()
      const id = await lead(referrer.id)
      const answers = await Promise.all([
        put(`/indicacoes/${id}/`, { status: 'matriculado' }),
        put(`/indicacoes/${id}/`, { status: 'matriculado' }, otherManager.token),
      ])
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
      expect(await referralCredits(referrer.id)).toHaveLength(1)
      expect((await balanceOf(referrer)).saldo).toBe(500)
      expect(await auditOf(LEAD_ENTITY, id)).toHaveLength(1)
    }
  })

  it('credits nothing to a referrer who is not a club member (D23)', async () => {
    const referrer = await member(false)
    const id = await lead(referrer.id)
    expect((await put(`/indicacoes/${id}/`, { status: 'matriculado' })).json<IndicacaoGestao>()).toMatchObject({
      status: 'matriculado',
      creditado: false,
    })
    expect(await referralCredits(referrer.id)).toEqual([])
  })

  it('answers 404 for an unknown lead and 403 to a student', async () => {
    expect((await put('/indicacoes/2000000000/', { status: 'contatado' })).json()).toEqual({ detail: 'Indicação não encontrada' })
    const student = await member()
    const response = await get('/indicacoes/', student.token)
    expect([response.statusCode, response.json()]).toEqual([403, { detail: MANAGERS_ONLY }])
  })
})

describe('reward orders', () => {
  async function redeemed(student: TestAccount, custo = 300, estoque = 5): Promise<{ orderId: number; rewardId: number }> {
    await creditPoints(t.db.orm, {
      userId: student.id,
      origem: 'parceria',
      referencia: `gestao-${randomBytes(4).toString('hex')}`,
      pontos: custo,
      descricao: 'Crédito de teste',
    })
    const [reward] = await t.db.orm
      .insert(clubRecompensas)
      .values({ nome: `Prêmio ${randomBytes(4).toString('hex')}`, descricao: '', custo, estoque })
      .returning({ id: clubRecompensas.id })
    const response = await t.app.inject(
      jsonRequest('POST', '/api/v1/transactions/debit/', { recompensa_id: reward!.id }, bearer(student.token)),
    )
    expect(response.statusCode, response.body).toBe(201)
    return { orderId: response.json<ResgateResult>().pedido.id, rewardId: reward!.id }
  }
  const stockOf = async (id: number) =>
    (await t.db.orm.select({ estoque: clubRecompensas.estoque }).from(clubRecompensas).where(eq(clubRecompensas.id, id)))[0]!.estoque

  it('lists orders oldest first with the student, and counts by status', async () => {
    const student = await member()
    const { orderId } = await redeemed(student)
    const page = (await get('/pedidos/?status=solicitado&limit=100')).json<PedidosRecompensaPage>()
    expect(page.items.find((item) => item.id === orderId)).toMatchObject({
      status: 'solicitado',
      pontos: 300,
      aluno: { id: student.id, email: student.email },
    })
    expect(page.por_status.map((row) => row.status)).toEqual(['solicitado', 'separado', 'entregue', 'cancelado'])
    expect(page.total).toBe(page.por_status[0]!.total)
  })

  it('pages through the orders oldest first, the second half read from the end in the same order', async () => {
    for (let i = 0; i < 4; i++) await redeemed(await member())
    const whole = (await get('/pedidos/?status=solicitado&limit=100')).json<PedidosRecompensaPage>()
    expect(whole.items).toHaveLength(whole.total)
    const paged: number[] = []
    for (let offset = 0; offset < whole.total; offset += 3) {
      const page = (await get(`/pedidos/?status=solicitado&limit=3&offset=${offset}`)).json<PedidosRecompensaPage>()
      expect(page.total).toBe(whole.total)
      paged.push(...page.items.map((item) => item.id))
    }
    expect(paged).toEqual(whole.items.map((item) => item.id))
    expect(new Set(paged).size).toBe(whole.total)
  })

  it('moves solicitado → separado → entregue, audited; a stale or skipped move is 409', async () => {
    const student = await member()
    const { orderId } = await redeemed(student)
    const skip = await post(`/pedidos/${orderId}/mover/`, { de: 'solicitado', para: 'entregue' })
    expect([skip.statusCode, skip.json()]).toEqual([409, { detail: 'De "solicitado" o pedido não vai para "entregue".' }])
    expect((await post(`/pedidos/${orderId}/mover/`, { de: 'solicitado', para: 'separado' })).json<PedidoRecompensaGestao>().status).toBe(
      'separado',
    )
    const stale = await post(`/pedidos/${orderId}/mover/`, { de: 'solicitado', para: 'separado' }, otherManager.token)
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { detail: 'Este pedido já está "separado": outra pessoa da equipe o moveu. Confira a lista atualizada.' },
    ])
    expect((await post(`/pedidos/${orderId}/mover/`, { de: 'separado', para: 'entregue' })).json<PedidoRecompensaGestao>().status).toBe(
      'entregue',
    )
    const late = await post(`/pedidos/${orderId}/mover/`, { de: 'separado', para: 'cancelado' })
    expect([late.statusCode, late.json()]).toEqual([409, { detail: 'Este pedido já foi entregue: não há mais o que mudar.' }])
    const audit = await auditOf(REWARD_ORDER_ENTITY, orderId)
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [{ status: 'solicitado' }, { status: 'separado' }],
      [{ status: 'separado' }, { status: 'entregue' }],
    ])
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/transactions/debit/rewards/', headers: bearer(student.token) })
    expect(mine.json<{ id: number; status: string }[]>()).toMatchObject([{ id: orderId, status: 'entregue' }])
  })

  it('a cancel gives the points and the unit back once, even when two managers cancel at once', async () => {
    for (let round = 0; round < 3; round++) {
      const student = await member()
      const { orderId, rewardId } = await redeemed(student, 300, 2)
      expect((await balanceOf(student)).saldo).toBe(0)
      expect(await stockOf(rewardId)).toBe(1)
      const answers = await Promise.all([
        post(`/pedidos/${orderId}/mover/`, { de: 'solicitado', para: 'cancelado' }),
        post(`/pedidos/${orderId}/mover/`, { de: 'solicitado', para: 'cancelado' }, otherManager.token),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      const extrato = await balanceOf(student)
      expect(extrato.saldo).toBe(300)
      expect(extrato.movimentos.map((line) => [line.tipo, line.origem, line.pontos, line.saldo_apos])).toEqual([
        ['credito', 'estorno', 300, 300],
        ['debito', 'resgate', 300, 0],
        ['credito', 'parceria', 300, 300],
      ])
      expect(await stockOf(rewardId)).toBe(2)
      const audit = await auditOf(REWARD_ORDER_ENTITY, orderId)
      expect(audit).toHaveLength(1)
      expect(audit[0]!.after).toEqual({ status: 'cancelado', pontos_devolvidos: 300 })
    }
  })
})

describe('reward catalogue', () => {
  it('creates, edits, restocks and deactivates a reward, each audited; students see only active ones', async () => {
    const nome = `Caneca ${randomBytes(3).toString('hex')}`
    const created = await post('/recompensas/', { nome, descricao: 'Caneca de cerâmica', custo: 800, estoque: 3 })
    expect(created.statusCode, created.body).toBe(201)
    const reward = created.json<Recompensa>()
    expect(reward).toMatchObject({ nome, custo: 800, estoque: 3, ativo: true, imagem: null })
    const duplicate = await post('/recompensas/', { nome, descricao: '', custo: 1, estoque: 0 })
    expect([duplicate.statusCode, duplicate.json()]).toEqual([409, { detail: 'Já existe uma recompensa com este nome.' }])

    const edited = await put(`/recompensas/${reward.id}/`, { custo: 900, estoque: 10, imagem: 'https://example.com/caneca.png' })
    expect(edited.json<Recompensa>()).toMatchObject({
      nome,
      custo: 900,
      estoque: 10,
      imagem: 'https://example.com/caneca.png',
      ativo: true,
    })
    expect((await put(`/recompensas/${reward.id}/`, { ativo: false })).json<Recompensa>().ativo).toBe(false)

    const student = await member()
    const visible = await t.app.inject({ method: 'GET', url: '/api/v1/rewards/', headers: bearer(student.token) })
    expect(visible.json<Recompensa[]>().some((item) => item.id === reward.id)).toBe(false)
    expect((await get('/recompensas/')).json<Recompensa[]>().find((item) => item.id === reward.id)).toMatchObject({ ativo: false })

    const audit = await auditOf(REWARD_ENTITY, reward.id)
    expect(audit.map((row) => row.action)).toEqual(['club.reward.create', 'club.reward.update', 'club.reward.update'])
    expect(audit[1]!.before).toMatchObject({ custo: 800, estoque: 3 })
    expect(audit[1]!.after).toMatchObject({ custo: 900, estoque: 10 })
  })

  it('of two rewards renamed to the same new name at once, one is refused with 409', async () => {
    const [a, b] = await Promise.all(
      ['A', 'B'].map(async (letter) =>
        (
          await post('/recompensas/', { nome: `${letter} ${randomBytes(3).toString('hex')}`, descricao: '', custo: 10, estoque: 1 })
        ).json<Recompensa>(),
      ),
    )
    const nome = `Nome disputado ${randomBytes(3).toString('hex')}`
    const answers = await Promise.all([
      put(`/recompensas/${a!.id}/`, { nome }),
      put(`/recompensas/${b!.id}/`, { nome }, otherManager.token),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ detail: 'Já existe uma recompensa com este nome.' })
  })

  it('refuses invalid fields with 422 and an unknown reward with 404', async () => {
    const bad = await post('/recompensas/', { nome: '', descricao: 'x', custo: 0, estoque: -1, imagem: 'javascript:alert(1)' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: { loc: string[] }[] }>().detail.map((issue) => issue.loc.at(-1))).toEqual([
      'nome',
      'imagem',
      'custo',
      'estoque',
    ])
    expect((await put('/recompensas/2000000000/', { ativo: true })).json()).toEqual({ detail: 'Recompensa não encontrada' })
  })
})
