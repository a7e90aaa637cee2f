import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Pedido, PedidosPage } from '../../../src/contract/schemas/pedido.ts'
import { englishTestTentativas } from '../english-test/schema.ts'
import { preInvoiceItems, preInvoices } from './schema.ts'
import { createAccount, startEnglishTest, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { cancelExpiredOrders } from './lifecycle.ts'
import { releaseAfterLevelTest } from './release.ts'

/**
 * D11 -3 → 1 (issue 12): an order waiting for the level test gets the product asked
 * for, priced by D12, and moves to "Aguardando pagamento" once the test is finished, through
 * the real endpoints and database.
 */
const t = testAppForFile()

const api = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
  method === 'GET' || body === undefined
    ? t.app.inject({ method, url: `/api/v1${path}`, headers: bearer(token) })
    : t.app.inject(jsonRequest(method, `/api/v1${path}`, body, bearer(token)))

async function waitingOrder(student: TestAccount, quantidade = 2): Promise<number> {
  const answer = await api('POST', '/pre-invoice/create/', student.token, { codigo_produto: 'ING-INT3', quantidade, parcelas: 6 })
  expect(answer.json<Pedido>().status.id).toBe(-3)
  return answer.json<Pedido>().id
}

async function orderRow(id: number) {
  const [row] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, id))
  const items = await t.db.orm.select().from(preInvoiceItems).where(eq(preInvoiceItems.preInvoiceId, id))
  return { status: row!.status, items }
}

describe('the level test releases the orders waiting for it (-3 → 1)', () => {
  it('finishing the test prices the product asked for and the order waits for payment, as GET /pre-invoice/ shows', async () => {
    const student = await createAccount(t.app, t.db)
    const id = await waitingOrder(student)
    const started = await api('POST', '/english-test/tentativas/', student.token, {})
    expect(started.statusCode).toBe(201)
    // Not finished yet: nothing moves.
    expect(await releaseAfterLevelTest(t.db.orm, student.id)).toEqual([])
    expect((await orderRow(id)).status).toBe(-3)

    const finished = await api('POST', `/english-test/tentativas/${started.json<{ id: number }>().id}/finalizar/`, student.token, {})
    expect(finished.statusCode).toBe(200)
    const { status, items } = await orderRow(id)
    expect(status).toBe(1)
    // D12 for 2 books: (2 × 441 − 20) / 2 = R$ 431,00 each.
    expect(items).toEqual([expect.objectContaining({ codigoProduto: 'ING-INT3', quantidade: 2, valorUnitarioCentavos: 43_100 })])
    const list = (await api('GET', '/pre-invoice/', student.token)).json<PedidosPage>()
    expect(list.items.find((pedido) => pedido.id === id)).toMatchObject({
      produto: 'Livro Inglês Intermediário 3',
      total: 86_200,
      status: { id: 1, name: 'Aguardando pagamento' },
    })
  })

  it('an attempt whose time ran out releases them when the test is read again', async () => {
    const student = await createAccount(t.app, t.db)
    const id = await waitingOrder(student, 1)
    const tentativa = await startEnglishTest(t.db, student.id)
    await t.db.orm
      .update(englishTestTentativas)
      .set({ iniciadaEm: new Date(Date.now() - 3 * 3_600_000), expiraEm: new Date(Date.now() - 3_600_000) })
      .where(eq(englishTestTentativas.id, tentativa))
    expect((await api('GET', '/english-test/', student.token)).statusCode).toBe(200)
    expect(await orderRow(id)).toMatchObject({ status: 1, items: [expect.objectContaining({ valorUnitarioCentavos: 45_100 })] })
  })

  it('two releases at once move and price each order once; a cancelled order and another student’s stay as they are', async () => {
    const [student, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const first = await waitingOrder(student)
    const second = await waitingOrder(student, 3)
    const cancelled = await waitingOrder(student)
    expect((await api('POST', `/pre-invoice/cancel/${cancelled}/`, student.token)).statusCode).toBe(200)
    const theirs = await waitingOrder(other)
    await startEnglishTest(t.db, student.id)
    await t.db.orm
      .update(englishTestTentativas)
      .set({ finalizadaEm: new Date(), nivel: 'B1' })
      .where(eq(englishTestTentativas.userId, student.id))

    const results = await Promise.all([releaseAfterLevelTest(t.db.orm, student.id), releaseAfterLevelTest(t.db.orm, student.id)])
    expect(results.flat().sort((a, b) => a - b)).toEqual([first, second])
    expect(await orderRow(first)).toMatchObject({ status: 1, items: [expect.objectContaining({ quantidade: 2 })] })
    expect(await orderRow(second)).toMatchObject({
      status: 1,
      items: [expect.objectContaining({ quantidade: 3, valorUnitarioCentavos: 41_100 })],
    })
    expect(await orderRow(cancelled)).toEqual({ status: -2, items: [] })
    expect(await orderRow(theirs)).toEqual({ status: -3, items: [] })
  })

  it("counts SPEC §9's 7 days to pay from the release, not from the order's creation", async () => {
    const DAY = 86_400_000
    const student = await createAccount(t.app, t.db)
    const id = await waitingOrder(student)
    // Ordered 10 days ago; the test finished today.
    await t.db.orm
      .update(preInvoices)
      .set({ createdAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(preInvoices.id, id))
    await startEnglishTest(t.db, student.id)
    await t.db.orm
      .update(englishTestTentativas)
      .set({ finalizadaEm: new Date(), nivel: 'B1' })
      .where(eq(englishTestTentativas.userId, student.id))
    expect(await releaseAfterLevelTest(t.db.orm, student.id)).toEqual([id])

    expect(await cancelExpiredOrders(t.db.orm)).not.toContain(id)
    expect((await orderRow(id)).status).toBe(1)
    expect(await cancelExpiredOrders(t.db.orm, new Date(Date.now() + 7 * DAY + 60_000))).toContain(id)
    expect((await orderRow(id)).status).toBe(-2)
  })
})
