import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { buildApp } from '../../app.ts'
import { preInvoices } from './schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { testAppForFile } from '../../test/app.ts'
import { cancelExpiredOrders, moveOrder } from './lifecycle.ts'

const t = testAppForFile()
let student: number
let other: number

const DAY = 86_400_000

async function order(status: OrderStatusId, daysAgo = 0, userId = student): Promise<number> {
  const [row] = await t.db.orm
    .insert(preInvoices)
    .values({ userId, numero: `T-${crypto.randomUUID()}`, status, createdAt: new Date(Date.now() - daysAgo * DAY) })
    .returning({ id: preInvoices.id })
  return row!.id
}

async function statusOf(id: number): Promise<number> {
  const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
  return row!.status
}

beforeAll(async () => {
  student = (await createAccount(t.app, t.db)).id
  other = (await createAccount(t.app, t.db)).id
})

describe('moving an order (D11)', () => {
  it("lets the student cancel her own unpaid order once; another student's is not found", async () => {
    const id = await order(1)
    expect(await moveOrder(t.db.orm, id, 'cancelar', 'student', other)).toEqual({ kind: 'notFound' })
    expect(await statusOf(id)).toBe(1)
    expect(await moveOrder(t.db.orm, id, 'cancelar', 'student', student)).toEqual({ kind: 'moved', from: 1, to: -2 })
    expect(await moveOrder(t.db.orm, id, 'cancelar', 'student', student)).toEqual({ kind: 'forbidden', from: -2 })
    expect(await statusOf(id)).toBe(-2)
  })

  it('refuses what D11 does not allow: a student cannot cancel a paid order nor advance one; staff advances one step at a time', async () => {
    const id = await order(2)
    expect(await moveOrder(t.db.orm, id, 'cancelar', 'student', student)).toEqual({ kind: 'forbidden', from: 2 })
    expect(await moveOrder(t.db.orm, id, 'avancar', 'student', student)).toEqual({ kind: 'forbidden', from: 2 })
    for (const [from, to] of [
      [2, 4],
      [4, 5],
      [5, 6],
      [6, 7],
      [7, 8],
    ] as const)
      expect(await moveOrder(t.db.orm, id, 'avancar', 'staff')).toEqual({ kind: 'moved', from, to })
    expect(await moveOrder(t.db.orm, id, 'avancar', 'staff')).toEqual({ kind: 'forbidden', from: 8 })
  })

  it('makes exactly one of two simultaneous moves: a cancel and a payment confirmation', async () => {
    const id = await order(1)
    const outcomes = await Promise.all([
      moveOrder(t.db.orm, id, 'cancelar', 'student', student),
      moveOrder(t.db.orm, id, 'pagamentoConfirmado', 'payment'),
    ])
    expect(outcomes.filter((outcome) => outcome.kind === 'moved')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome.kind === 'forbidden')).toHaveLength(1)
    const moved = outcomes.find((outcome) => outcome.kind === 'moved')!
    expect(await statusOf(id)).toBe(moved.kind === 'moved' ? moved.to : NaN)
  })
})

describe('the 7-day cancellation of unpaid orders (SPEC §9)', () => {
  it('cancels orders waiting for payment for 7 days, once, and nothing else', async () => {
    const old = await order(1, 8)
    const young = await order(1, 6)
    const paid = await order(2, 30)
    const problem = await order(-1, 30)
    const first = await cancelExpiredOrders(t.db.orm)
    expect(first).toContain(old)
    expect(first).not.toContain(young)
    expect(await cancelExpiredOrders(t.db.orm)).toEqual([])
    expect([await statusOf(old), await statusOf(young), await statusOf(paid), await statusOf(problem)]).toEqual([-2, 1, 2, -1])

    // Two days later (the clock moved): the younger one's deadline passed too.
    expect(await cancelExpiredOrders(t.db.orm, new Date(Date.now() + 2 * DAY))).toContain(young)
    expect(await statusOf(young)).toBe(-2)
  })

  it('survives a restart: a server started after the deadline cancels at its start; two sweeping at once cancel each order once', async () => {
    const ids = [await order(1, 9), await order(1, 10)]
    const second = await buildApp(t.config, { db: t.db, seedDemoFiles: false })
    try {
      await second.ready()
      await expect
        .poll(async () =>
          (await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(inArray(preInvoices.id, ids))).map(
            (row) => row.status,
          ),
        )
        .toEqual([-2, -2])
    } finally {
      await second.close()
    }
    const more = [await order(1, 9), await order(1, 12)]
    const [a, b] = await Promise.all([t.app.orderDeadlines.sweep(), t.app.orderDeadlines.sweep()])
    expect([...a!, ...b!].filter((id) => more.includes(id)).sort()).toEqual([...more].sort())
  })
})
