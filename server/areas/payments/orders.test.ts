import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { PAGAMENTO_TEXTS } from '../../../src/contract/endpoints/pagamentos.ts'
import type { CobrancaPix, OpcoesCartao, PagamentoCartao, PagamentoCartaoIn } from '../../../src/contract/schemas/pagamento.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { pendingPixCharges } from './repository.ts'
import { cobrancas } from './schema.ts'
import { preInvoices } from '../orders/schema.ts'
import { moveOrder } from '../orders/lifecycle.ts'
import { orderPrice } from '../orders/prices.ts'
import { createAccount, createInstalment, createOrderRow, createPayableOrder, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { testCard, VISA } from '../../test/cards.ts'
import { confirmPixCharge } from './routes.ts'

/**
 * Paying an order waiting for payment (issue 12: "status-1 orders use the same flow", D11,
 * D13) through the instalments' Pix and card code, on the real database: the order
 * moves 1 → 2 through moveOrder exactly once, however the confirmations arrive.
 */
const t = testAppForFile()
let drive: string

beforeAll(async () => {
  drive = t.app.basePaths.drive
})

const pixUrl = (id: number) => `${drive}/pre-invoice/${id}/cobranca/execute/pix/portal/`
const cardUrl = (id: number) => `${drive}/pre-invoice/${id}/cobranca/execute/cartao-credito/portal/`

const askPix = (account: TestAccount, id: number) => t.app.inject({ method: 'GET', url: pixUrl(id), headers: bearer(account.token) })

const CARD = testCard({ numero: VISA, cvv: '123', parcelas: 3 })
const payByCard = (account: TestAccount, id: number, body: PagamentoCartaoIn = CARD) =>
  t.app.inject(jsonRequest('POST', cardUrl(id), body, bearer(account.token)))

async function statusOf(id: number): Promise<OrderStatusId> {
  const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
  return row!.status
}

const chargesOf = (id: number) => t.db.orm.select().from(cobrancas).where(eq(cobrancas.preInvoiceId, id)).orderBy(cobrancas.id)

async function studentWithOrder(status: OrderStatusId = 1) {
  const student = await createAccount(t.app, t.db)
  return { student, pedido: await createPayableOrder(t.db, student.id, status) }
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
    expect(results.filter((result) => result.confirmed)).toEqual([expect.objectContaining({ confirmed: true, alreadyPaid: false })])
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
    expect(await confirmPixCharge(t.db.orm, cobranca.txid, new Date())).toMatchObject({ confirmed: true, alreadyPaid: true })
    expect(await statusOf(pedido)).toBe(-2)
  })

  it("answers 404 for another student's order, 409 with the reason for one cancelled or waiting for the level test", async () => {
    const { pedido } = await studentWithOrder()
    const other = await createAccount(t.app, t.db)
    const foreign = await askPix(other, pedido)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: PAGAMENTO_TEXTS.pedidoNotFound })
    expect(await chargesOf(pedido)).toEqual([])

    const cancelled = await createPayableOrder(t.db, other.id, -2)
    expect((await askPix(other, cancelled)).json()).toEqual({ detail: 'Este pedido está "Cancelado": não há pagamento a fazer.' })
    const waiting = await createOrderRow(t.db, other.id, -3)
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

describe("the order's card instalments: 1 up to the plan chosen when ordering", () => {
  const cardOptionsUrl = (id: number) => `${drive}/pre-invoice/${id}/cobranca/cartao-credito/parcelas/`
  const askOptions = (account: TestAccount, id: number) =>
    t.app.inject({ method: 'GET', url: cardOptionsUrl(id), headers: bearer(account.token) })

  /** An order of 3 books (R$ 1.233,00) whose student chose `parcelas` instalments when ordering. */
  async function orderWithPlan(parcelas: number | null) {
    const { student, pedido } = await studentWithOrder()
    await t.db.orm.update(preInvoices).set({ parcelas, quantidadeSolicitada: 3 }).where(eq(preInvoices.id, pedido))
    return { student, pedido }
  }

  it('offers 1 to 7 card instalments for a 7x order, with the amounts of the creation screen (D12)', async () => {
    const { student, pedido } = await orderWithPlan(7)
    const answer = await askOptions(student, pedido)
    expect(answer.statusCode).toBe(200)
    const opcoes = answer.json<OpcoesCartao>()
    expect(opcoes.valor).toBe(123_300)
    expect(opcoes.planos.map((plano) => plano.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7])
    // The same split as the plan chosen on /pedidos/create: "7x: R$ 176,14 e a última de R$ 176,16".
    expect(opcoes.planos[6]!.valores).toEqual(orderPrice(3).planos[6]!.valores)
    expect(opcoes.planos[6]!.valores).toEqual([17_614, 17_614, 17_614, 17_614, 17_614, 17_614, 17_616])
    expect(opcoes.planos[0]!.valores).toEqual([123_300])
  })

  it('an order from before plans were kept offers what D12 allows for its books; an instalment offers 1–3', async () => {
    const { student, pedido } = await orderWithPlan(null)
    expect((await askOptions(student, pedido)).json<OpcoesCartao>().planos).toHaveLength(orderPrice(3).maxInstalments)
    const parcela = await createInstalment(t.db, student.id, { valorCentavos: 45_100 })
    const forInstalment = await t.app.inject({
      method: 'GET',
      url: `${drive}/financeiro-parcelas/${parcela.id}/cobranca/cartao-credito/parcelas/`,
      headers: bearer(student.token),
    })
    expect(forInstalment.json<OpcoesCartao>().planos).toEqual([
      { parcelas: 1, valores: [45_100] },
      { parcelas: 2, valores: [22_550, 22_550] },
      { parcelas: 3, valores: [15_033, 15_033, 15_034] },
    ])
  })

  it('no options for an order paid or not the caller’s', async () => {
    const { student, pedido } = await orderWithPlan(7)
    const other = await createAccount(t.app, t.db)
    expect((await askOptions(other, pedido)).statusCode).toBe(404)
    expect((await payByCard(student, pedido, { ...CARD, parcelas: 1 })).statusCode).toBe(201)
    const paid = await askOptions(student, pedido)
    expect(paid.statusCode).toBe(409)
    expect(paid.json()).toEqual({ detail: PAGAMENTO_TEXTS.pedidoAlreadyPaid })
  })

  it('pays a 7x order in 7 card instalments, the split handed to the gateway; 8 are refused with the reason and nothing charged', async () => {
    const { student, pedido } = await orderWithPlan(7)
    const charge = vi.spyOn(t.app.payments.card, 'charge')
    try {
      const tooMany = await payByCard(student, pedido, { ...CARD, parcelas: 8 })
      expect(tooMany.statusCode).toBe(422)
      expect(tooMany.json()).toEqual({ detail: 'Este pedido pode ser pago em até 7x no cartão, o plano escolhido ao fazer o pedido.' })
      expect(charge).not.toHaveBeenCalled()
      expect(await chargesOf(pedido)).toEqual([])
      expect(await statusOf(pedido)).toBe(1)

      const answer = await payByCard(student, pedido, { ...CARD, parcelas: 7 })
      expect(answer.statusCode).toBe(201)
      expect(answer.json<PagamentoCartao>()).toMatchObject({ pedido_id: pedido, valor: 123_300, parcelas: 7 })
      expect(charge).toHaveBeenCalledWith(
        expect.objectContaining({
          amountCents: 123_300,
          installments: 7,
          installmentAmountsCents: [17_614, 17_614, 17_614, 17_614, 17_614, 17_614, 17_616],
        }),
      )
    } finally {
      charge.mockRestore()
    }
    expect((await chargesOf(pedido)).map((row) => [row.status, row.parcelas])).toEqual([['pago', 7]])
    expect(await statusOf(pedido)).toBe(2)
  })

  it('an order paid à vista when that was its plan; more than 12 is not a plan at all', async () => {
    const { student, pedido } = await orderWithPlan(1)
    const two = await payByCard(student, pedido, { ...CARD, parcelas: 2 })
    expect(two.statusCode).toBe(422)
    expect(two.json()).toEqual({ detail: 'Este pedido é pago à vista no cartão: foi o plano escolhido ao fazer o pedido.' })
    const thirteen = await payByCard(student, pedido, { ...CARD, parcelas: 13 })
    expect(thirteen.statusCode).toBe(422)
    expect(JSON.stringify(thirteen.json())).toContain('Escolha no máximo 12 parcelas.')
    expect(await chargesOf(pedido)).toEqual([])
    expect((await payByCard(student, pedido, { ...CARD, parcelas: 1 })).statusCode).toBe(201)
  })
})
