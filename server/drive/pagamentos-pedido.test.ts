import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGAMENTO_TEXTS } from '../../src/api/contract/pagamentos.ts'
import type { CobrancaPix, PagamentoCartao, PagamentoCartaoIn } from '../../src/api/schemas/pagamento.ts'
import type { OrderStatusId } from '../../src/api/schemas/pedido.ts'
import { pendingPixCharges } from '../db/repositories/pagamentos.ts'
import { cobrancas } from '../db/schema/pagamentos.ts'
import { preInvoices } from '../db/schema/pedidos.ts'
import { moveOrder } from '../orders/lifecycle.ts'
import { createAccount, createPedido, createPedidoAPagar, type TestAccount } from '../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../test/app.ts'
import { confirmPixCharge } from './pagamentos.ts'

/**
 * Paying an order waiting for payment (issue 12: "status-1 orders use the same flow", D11,
 * D13, P151) through the instalments' Pix and card code, on the real database: the order
 * moves 1 → 2 through moveOrder exactly once, however the confirmations arrive.
 */
let t: TestApp
let drive: string

beforeAll(async () => {
  t = await createTestApp()
  drive = t.app.basePaths.drive
})
afterAll(() => t.close())

const pixUrl = (id: number) => `${drive}/pre-invoice/${id}/cobranca/execute/pix/portal/`
const cartaoUrl = (id: number) => `${drive}/pre-invoice/${id}/cobranca/execute/cartao-credito/portal/`

const askPix = (account: TestAccount, id: number) => t.app.inject({ method: 'GET', url: pixUrl(id), headers: bearer(account.token) })

const CARD: PagamentoCartaoIn = {
  titular: 'PESSOA DE TESTE',
  numero: '4111111111111111',
  validade_mes: 12,
  validade_ano: new Date().getFullYear() + 1,
  cvv: '123',
  parcelas: 3,
}
const payByCard = (account: TestAccount, id: number, body: PagamentoCartaoIn = CARD) =>
  t.app.inject(jsonRequest('POST', cartaoUrl(id), body, bearer(account.token)))

async function statusOf(id: number): Promise<OrderStatusId> {
  const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
  return row!.status
}

const chargesOf = (id: number) => t.db.orm.select().from(cobrancas).where(eq(cobrancas.preInvoiceId, id)).orderBy(cobrancas.id)

async function studentWithOrder(status: OrderStatusId = 1) {
  const student = await createAccount(t.app, t.db)
  return { student, pedido: await createPedidoAPagar(t.db, student.id, status) }
}

describe('GET /pre-invoice/{id}/cobranca/execute/pix/portal/ (drive: a Pix charge for an order)', () => {
  it("answers a pending BR Code of the order's total, the same one again, and lists it for the provider stand-in", async () => {
    const { student, pedido } = await studentWithOrder()
    const first = await askPix(student, pedido)
    expect(first.statusCode).toBe(200)
    const cobranca = first.json<CobrancaPix>()
    expect(cobranca).toMatchObject({ pedido_id: pedido, parcela_id: null, valor: 123_300, status: 'pendente', pago_em: null })
    expect(cobranca.copia_e_cola).toContain('54071233.00')
    expect((await askPix(student, pedido)).json<CobrancaPix>().txid).toBe(cobranca.txid)
    expect((await chargesOf(pedido)).map((row) => row.status)).toEqual(['pendente'])
    const listed = (await pendingPixCharges(t.db.orm, new Date())).find((charge) => charge.txid === cobranca.txid)
    expect(listed).toMatchObject({ valorCentavos: 123_300, numero: 1, totalParcelas: 1 })
    expect(listed!.descricao).toMatch(/^Pedido T-/)
  })

  it('the confirmation moves the order 1 → 2 exactly once, even with four confirmations at the same time', async () => {
    const { student, pedido } = await studentWithOrder()
    const cobranca = (await askPix(student, pedido)).json<CobrancaPix>()
    const at = new Date()
    const results = await Promise.all(Array.from({ length: 4 }, () => confirmPixCharge(t.db.orm, cobranca.txid, at)))
    expect(results.filter((result) => result.confirmed)).toEqual([expect.objectContaining({ confirmed: true, parcelaJaPaga: false })])
    expect(results.filter((result) => !result.confirmed)).toHaveLength(3)
    expect(await statusOf(pedido)).toBe(2)
    expect((await chargesOf(pedido)).map((row) => row.status)).toEqual(['pago'])
    // Paid: the charge that paid it, with its time; a card cannot pay it again.
    expect((await askPix(student, pedido)).json<CobrancaPix>()).toMatchObject({ txid: cobranca.txid, status: 'pago' })
    const again = await payByCard(student, pedido)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: PAGAMENTO_TEXTS.pedidoAlreadyPaid })
  })

  it('a code of an order cancelled meanwhile is confirmed as money to refund; the order stays cancelled', async () => {
    const { student, pedido } = await studentWithOrder()
    const cobranca = (await askPix(student, pedido)).json<CobrancaPix>()
    expect(await moveOrder(t.db.orm, pedido, 'cancelar', 'student', student.id)).toMatchObject({ kind: 'moved', to: -2 })
    expect(await confirmPixCharge(t.db.orm, cobranca.txid, new Date())).toMatchObject({ confirmed: true, parcelaJaPaga: true })
    expect(await statusOf(pedido)).toBe(-2)
  })

  it("answers 404 for another student's order, 409 with the reason for one cancelled or waiting for the level test", async () => {
    const { pedido } = await studentWithOrder()
    const other = await createAccount(t.app, t.db)
    const foreign = await askPix(other, pedido)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: PAGAMENTO_TEXTS.pedidoNotFound })
    expect(await chargesOf(pedido)).toEqual([])

    const cancelled = await createPedidoAPagar(t.db, other.id, -2)
    expect((await askPix(other, cancelled)).json()).toEqual({ detail: 'Este pedido está "Cancelado": não há pagamento a fazer.' })
    const waiting = await createPedido(t.db, other.id, -3)
    const answer = await payByCard(other, waiting)
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({ detail: 'Este pedido está "Aguardando nivelamento": não há pagamento a fazer.' })
    expect(await chargesOf(waiting)).toEqual([])
  })
})

describe('POST /pre-invoice/{id}/cobranca/execute/cartao-credito/portal/ (drive: paying an order by card)', () => {
  it("approved: 201 with the order's total, the order at 2 and its pending Pix code withdrawn", async () => {
    const { student, pedido } = await studentWithOrder()
    const pix = (await askPix(student, pedido)).json<CobrancaPix>()
    const answer = await payByCard(student, pedido)
    expect(answer.statusCode).toBe(201)
    expect(answer.json<PagamentoCartao>()).toMatchObject({
      pedido_id: pedido,
      parcela_id: null,
      valor: 123_300,
      parcelas: 3,
      bandeira: 'visa',
      final: '1111',
    })
    expect(await statusOf(pedido)).toBe(2)
    expect((await chargesOf(pedido)).map((row) => row.status)).toEqual(['expirado', 'pago'])
    expect(await confirmPixCharge(t.db.orm, pix.txid, new Date())).toMatchObject({ confirmed: false })
    expect(await statusOf(pedido)).toBe(2)
  })

  it('declined: 402 with the reason, the order still waiting for payment', async () => {
    const { student, pedido } = await studentWithOrder()
    const answer = await payByCard(student, pedido, { ...CARD, numero: '4000000000000002' })
    expect(answer.statusCode).toBe(402)
    expect(answer.json()).toEqual({ detail: 'Cartão recusado pelo banco emissor.' })
    expect(await statusOf(pedido)).toBe(1)
  })

  it('two payments at the same time: one charge (201), the other 409, the order moved once', async () => {
    const { student, pedido } = await studentWithOrder()
    const answers = await Promise.all([payByCard(student, pedido), payByCard(student, pedido)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    expect((await chargesOf(pedido)).map((row) => row.status)).toEqual(['pago'])
    expect(await statusOf(pedido)).toBe(2)
  })
})
