import { and, count, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PedidoAAtender, PedidosAAtenderPage } from '../../../src/contract/endpoints/manager-orders.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { ADVANCE_ACTION, ORDER_ENTITY } from './staff-repository.ts'
import { preInvoiceItems, preInvoices } from './schema.ts'

import { MANAGERS_ONLY } from '../../plugins/auth.ts'
import { createAccount, createOrderRow, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'
import { users } from '../users/schema.ts'

const t = testAppForFile()
let manager: TestAccount
let otherManager: TestAccount
let student: TestAccount

const list = (query = '', token = manager.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1/pre-invoice/atendimento/${query}`, headers: bearer(token) })

const advance = (id: number | string, body: unknown, token = manager.token) =>
  t.app.inject(jsonRequest('POST', `/api/v1/pre-invoice/atendimento/${id}/avancar/`, body, bearer(token)))

async function statusOf(id: number): Promise<number> {
  const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
  return row!.status
}

async function auditOf(id: number) {
  return t.db.orm
    .select()
    .from(managerAuditLog)
    .where(and(eq(managerAuditLog.entity, ORDER_ENTITY), eq(managerAuditLog.entityId, String(id))))
    .orderBy(managerAuditLog.id)
}

/** A paid order of the student's with one book, at `status`. */
async function paidOrder(status: OrderStatusId = 2, daysAgo = 0): Promise<number> {
  const id = await createOrderRow(t.db, student.id, status, daysAgo)
  await t.db.orm.insert(preInvoiceItems).values({
    preInvoiceId: id,
    codigoProduto: 'ING-INT2',
    descricao: 'Livro Inglês Intermediário 2',
    quantidade: 2,
    valorUnitarioCentavos: 44_100,
  })
  return id
}

beforeAll(async () => {
  ;[manager, otherManager, student] = await Promise.all([
    createAccount(t.app, t.db, 'manager'),
    createAccount(t.app, t.db, 'manager'),
    createAccount(t.app, t.db),
  ])
})

describe('GET /pre-invoice/atendimento/ (the orders to fulfil)', () => {
  it('lists paid orders not delivered yet, oldest first, with the student, items, total, next status and counts by status', async () => {
    const older = await paidOrder(2, 3)
    const newer = await paidOrder(5, 1)
    const unpaid = await paidOrder(1)
    const delivered = await paidOrder(8)
    const response = await list('?limit=100')
    expect(response.statusCode).toBe(200)
    const page = response.json<PedidosAAtenderPage>()
    const ids = page.items.map((order) => order.id)
    expect(ids).toContain(older)
    expect(ids).toContain(newer)
    expect(ids).not.toContain(unpaid)
    expect(ids).not.toContain(delivered)
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer))
    expect(page.items.every((order) => [2, 4, 5, 6, 7].includes(order.status.id))).toBe(true)
    const createdAt = page.items.map((order) => order.criado_em)
    expect(createdAt).toEqual([...createdAt].sort())

    const mine = page.items.find((order) => order.id === older)!
    expect(mine).toMatchObject({
      aluno: { id: student.id, nome: 'Pessoa de Teste', email: student.email },
      produto: 'Livro Inglês Intermediário 2',
      total: 88_200,
      status: { id: 2, name: 'A atender' },
      proximo_status: { id: 4, name: 'Liberado para separação' },
      movido_em: null,
      itens: [{ codigo_produto: 'ING-INT2', descricao: 'Livro Inglês Intermediário 2', quantidade: 2, valor_unitario: 44_100 }],
    })
    expect(page.por_status.map((row) => row.status)).toEqual([2, 4, 5, 6, 7])
    expect(page.total).toBe(page.por_status.reduce((sum, row) => sum + row.total, 0))
  })

  it('filters by one status and pages; the counts stay those of every status', async () => {
    const id = await paidOrder(6)
    const all = (await list()).json<PedidosAAtenderPage>()
    const response = await list('?status=6&limit=1&offset=0')
    expect(response.statusCode).toBe(200)
    const page = response.json<PedidosAAtenderPage>()
    expect(page.items).toHaveLength(1)
    expect(page.items[0]!.status.id).toBe(6)
    expect(page.total).toBe(page.por_status.find((row) => row.status === 6)!.total)
    expect(page.por_status).toEqual(all.por_status)
    const every = (await list(`?status=6&limit=100`)).json<PedidosAAtenderPage>()
    expect(every.items.map((order) => order.id)).toContain(id)
  })

  it('answers every page the same whichever end it is read from: pages of 3 put together are the whole queue, in order', async () => {
    for (let days = 0; days < 7; days++) await paidOrder(4, days)
    const whole = (await list('?status=4&limit=100')).json<PedidosAAtenderPage>()
    expect(whole.items.length).toBe(whole.total)
    const pages: number[] = []
    // Pages past the middle are read from the end (pageFromNearerEnd); the last one is short.
    for (let offset = 0; offset < whole.total; offset += 3) {
      const page = (await list(`?status=4&limit=3&offset=${offset}`)).json<PedidosAAtenderPage>()
      expect(page.total).toBe(whole.total)
      expect(page.items.length).toBe(Math.min(3, whole.total - offset))
      pages.push(...page.items.map((order) => order.id))
    }
    expect(pages).toEqual(whole.items.map((order) => order.id))
    expect((await list(`?status=4&limit=3&offset=${whole.total}`)).json<PedidosAAtenderPage>().items).toEqual([])
  })

  it('keeps the counts by status as orders are created, moved at once and deleted with their student', async () => {
    // What the database itself counts: the counts shown are kept beside the orders (migration 0031).
    const counted = async () => {
      const rows = await t.db.orm
        .select({ status: preInvoices.status, n: count() })
        .from(preInvoices)
        .where(inArray(preInvoices.status, [2, 4, 5, 6, 7]))
        .groupBy(preInvoices.status)
      return [2, 4, 5, 6, 7].map((status) => ({ status, total: rows.find((row) => row.status === status)?.n ?? 0 }))
    }
    const shown = async () => (await list()).json<PedidosAAtenderPage>().por_status
    const before = await shown()
    expect(before).toEqual(await counted())

    const waiting = await Promise.all(Array.from({ length: 6 }, () => paidOrder(2)))
    const released = await Promise.all(Array.from({ length: 6 }, () => paidOrder(4)))
    // Twelve moves at once, two kinds crossing the same counts (2 → 4 and 4 → 5).
    const moves = await Promise.all([
      ...waiting.map((id) => advance(id, { de: 2, para: 4 })),
      ...released.map((id) => advance(id, { de: 4, para: 5 })),
    ])
    expect(moves.map((move) => move.statusCode)).toEqual(Array(12).fill(200))
    const leaving = await createAccount(t.app, t.db)
    await createOrderRow(t.db, leaving.id, 7)
    const after = await shown()
    const total = (rows: typeof before, status: number) => rows.find((row) => row.status === status)!.total
    expect([total(after, 2), total(after, 4), total(after, 5), total(after, 7)]).toEqual([
      total(before, 2),
      total(before, 4) + 6,
      total(before, 5) + 6,
      total(before, 7) + 1,
    ])
    expect(after).toEqual(await counted())

    // An account removed takes its orders with it (ON DELETE CASCADE), and their counts.
    await t.db.orm.delete(users).where(eq(users.id, leaving.id))
    expect(await shown()).toEqual(await counted())
    expect(total(await shown(), 7)).toBe(total(before, 7))
  })

  it('refuses a status outside the fulfilment (422, in Portuguese)', async () => {
    const response = await list('?status=1')
    expect(response.statusCode).toBe(422)
    expect(JSON.stringify(response.json())).toContain('Escolha uma das situações de atendimento')
  })

  it('is for managers only: a student gets 403 and no order', async () => {
    const response = await list('', student.token)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ detail: MANAGERS_ONLY })
  })
})

describe('POST /pre-invoice/atendimento/{id}/avancar/ (one fulfilment step)', () => {
  it('moves 2 → 4 → 5 → 6 → 7 → 8, each move audited with who, when and before → after', async () => {
    const id = await paidOrder(2)
    const steps = [
      [2, 4, 'Liberado para separação'],
      [4, 5, 'Em separação'],
      [5, 6, 'Aguardando transportadora'],
      [6, 7, 'Retirado pela transportadora'],
      [7, 8, 'Entregue/Finalizado'],
    ] as const
    for (const [de, para, name] of steps) {
      const before = Date.now()
      const response = await advance(id, { de, para })
      expect(response.statusCode, response.body).toBe(200)
      const order = response.json<PedidoAAtender>()
      expect(order.status).toMatchObject({ id: para, name })
      expect(order.proximo_status?.id ?? null).toBe(para === 8 ? null : steps.find(([from]) => from === para)![1])
      expect(new Date(order.movido_em!).getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(await statusOf(id)).toBe(para)
    }
    const audit = await auditOf(id)
    expect(audit.map((row) => [row.managerId, row.action, row.before, row.after])).toEqual(
      steps.map(([de, para]) => [manager.id, ADVANCE_ACTION, { status: de }, { status: para }]),
    )
    for (const row of audit) expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('refuses a skip (2 → 5) with 409 and writes nothing', async () => {
    const id = await paidOrder(2)
    const response = await advance(id, { de: 2, para: 5 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      detail: 'De "A atender" o pedido só avança para "Liberado para separação", não para "Em separação".',
    })
    expect(await statusOf(id)).toBe(2)
    expect(await auditOf(id)).toEqual([])
  })

  it('refuses a stale move (the order is no longer where the manager saw it) with 409', async () => {
    const id = await paidOrder(4)
    const response = await advance(id, { de: 2, para: 4 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      detail: 'Este pedido já está "Liberado para separação": outra pessoa da equipe o moveu. Confira a lista atualizada.',
    })
    expect(await statusOf(id)).toBe(4)
    expect(await auditOf(id)).toEqual([])
  })

  it('refuses what D11 forbids the staff: an unpaid, a cancelled or a delivered order (409), with the reason', async () => {
    const cases = [
      [1, 'Este pedido está "Aguardando pagamento": só pedidos pagos entram no atendimento.'],
      [-1, 'Este pedido está "Processando pedido": só pedidos pagos entram no atendimento.'],
      [-2, 'Este pedido foi cancelado e não avança mais.'],
      [8, 'Este pedido já foi entregue: não há mais o que avançar.'],
    ] as const
    for (const [status, detail] of cases) {
      const id = await paidOrder(status)
      const response = await advance(id, { de: 2, para: 4 })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ detail })
      expect(await statusOf(id)).toBe(status)
      expect(await auditOf(id)).toEqual([])
    }
  })

  it('answers 404 for an unknown order, 422 for a status outside the fulfilment, 403 to a student', async () => {
    expect((await advance(2_000_000_000, { de: 2, para: 4 })).json()).toEqual({ detail: 'Pedido não encontrado' })
    expect((await advance(2_000_000_000, { de: 2, para: 4 })).statusCode).toBe(404)
    const id = await paidOrder(2)
    const refused = await advance(id, { de: 1, para: 2 })
    expect(refused.statusCode).toBe(422)
    expect(JSON.stringify(refused.json())).toContain('Informe a situação atual do pedido')
    const student403 = await advance(id, { de: 2, para: 4 }, student.token)
    expect(student403.statusCode).toBe(403)
    expect(student403.json()).toEqual({ detail: MANAGERS_ONLY })
    expect(await statusOf(id)).toBe(2)
    expect(await auditOf(id)).toEqual([])
  })

  it('makes exactly one of two managers’ simultaneous moves of the same order; the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await paidOrder(2)
      const answers = await Promise.all([
        advance(id, { de: 2, para: 4 }, manager.token),
        advance(id, { de: 2, para: 4 }, otherManager.token),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
        detail: 'Este pedido já está "Liberado para separação": outra pessoa da equipe o moveu. Confira a lista atualizada.',
      })
      expect(await statusOf(id)).toBe(4)
      const audit = await auditOf(id)
      expect(audit).toHaveLength(1)
      const winner = answers.findIndex((answer) => answer.statusCode === 200)
      expect(audit[0]).toMatchObject({ managerId: [manager.id, otherManager.id][winner], before: { status: 2 }, after: { status: 4 } })
    }
  })

  it('shows the move to the student: her own list has the new status', async () => {
    const id = await paidOrder(2)
    await advance(id, { de: 2, para: 4 })
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/pre-invoice/', headers: bearer(student.token) })
    const order = response.json<{ items: { id: number; status: { name: string } }[] }>().items.find((item) => item.id === id)
    expect(order?.status.name).toBe('Liberado para separação')
  })
})
