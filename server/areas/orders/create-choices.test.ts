import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Pedido, PedidosPage } from '../../../src/contract/schemas/pedido.ts'
import type { DescontoProgressivo } from '../../../src/contract/schemas/pre-invoice.ts'
import { clubCuponsParceria } from '../club/schema.ts'
import { preInvoiceItems, preInvoices } from './schema.ts'
import { createAccount, createPayableOrder, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'

/**
 * What a student chooses around an order (issue 12, issue 13): the book the level test
 * suggests instead of the one ordered, and the partnership discount coupon taken
 * once by the next order (D26). Real endpoints and database, both engines.
 */
const t = testAppForFile()

const api = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) =>
  method === 'GET' || body === undefined
    ? t.app.inject({ method, url: `/api/v1${path}`, headers: bearer(token) })
    : t.app.inject(jsonRequest(method, `/api/v1${path}`, body, bearer(token)))
const createOrder = (student: TestAccount, body: { codigo_produto: string; quantidade: number; parcelas: number }) =>
  api('POST', '/pre-invoice/create/', student.token, body)
const replaceProduct = (student: TestAccount, id: number, codigo: string) =>
  api('POST', `/pre-invoice/${id}/produto/`, student.token, { codigo_produto: codigo })
const listed = async (student: TestAccount, id: number) =>
  (await api('GET', '/pre-invoice/', student.token)).json<PedidosPage>().items.find((pedido) => pedido.id === id)

/** Finishes a level test with no answer: Pré-A1, whose book is Inglês Intermediário 1. */
async function finishTest(student: TestAccount) {
  const started = await api('POST', '/english-test/tentativas/', student.token, {})
  expect(started.statusCode).toBe(201)
  const finished = await api('POST', `/english-test/tentativas/${started.json<{ id: number }>().id}/finalizar/`, student.token, {})
  expect(finished.statusCode).toBe(200)
}

describe('the book the level test suggests', () => {
  it('an order released by the test shows the suggested book; switching replaces its item at the same D12 price', async () => {
    const student = await createAccount(t.app, t.db)
    const waiting = await createOrder(student, { codigo_produto: 'ING-INT3', quantidade: 3, parcelas: 12 })
    expect(waiting.json<Pedido>()).toMatchObject({ status: { id: -3 } })
    const id = waiting.json<Pedido>().id
    await finishTest(student)

    expect(await listed(student, id)).toMatchObject({
      status: { id: 1 },
      produto: 'Livro Inglês Intermediário 3',
      total: 123_300,
      sugestao: {
        codigo_produto: 'ING-INT1',
        nome: 'Livro Inglês Intermediário 1',
        livro: 'Inglês Intermediário 1',
        nivel: 'Intermediário 1',
      },
    })

    const switched = await replaceProduct(student, id, 'ING-INT1')
    expect(switched.statusCode).toBe(200)
    expect(switched.json<Pedido>()).toMatchObject({
      id,
      produto: 'Livro Inglês Intermediário 1',
      total: 123_300,
      status: { id: 1 },
      itens: [{ codigo_produto: 'ING-INT1', quantidade: 3, valor_unitario: 41_100 }],
      sugestao: null,
    })
    const items = await t.db.orm.select().from(preInvoiceItems).where(eq(preInvoiceItems.preInvoiceId, id))
    expect(items).toEqual([
      expect.objectContaining({ codigoProduto: 'ING-INT1', descricao: 'Livro Inglês Intermediário 1', quantidade: 3 }),
    ])
    const [row] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, id))
    // The plan and what was asked for stay; only the book changed.
    expect(row).toMatchObject({ status: 1, parcelas: 12, produtoSolicitado: 'ING-INT3', quantidadeSolicitada: 3 })
    expect(await listed(student, id)).toMatchObject({ produto: 'Livro Inglês Intermediário 1', sugestao: null })
  })

  it('suggests nothing without a finished test, for the book the test gives, or for a book outside the line', async () => {
    const student = await createAccount(t.app, t.db)
    const same = (await createOrder(student, { codigo_produto: 'ING-INT1', quantidade: 1, parcelas: 1 })).json<Pedido>().id
    const spanish = (await createOrder(student, { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 1 })).json<Pedido>().id
    const other = (await createOrder(student, { codigo_produto: 'ING-INT2', quantidade: 1, parcelas: 1 })).json<Pedido>().id
    expect(await listed(student, other)).toMatchObject({ sugestao: null })
    await finishTest(student)
    expect(await listed(student, same)).toMatchObject({ sugestao: null })
    expect(await listed(student, spanish)).toMatchObject({ sugestao: null })
    expect(await listed(student, other)).toMatchObject({ sugestao: { codigo_produto: 'ING-INT1' } })
  })

  it('refuses once the order is not waiting for payment (409), another student’s order (404), an unknown book (404)', async () => {
    const [student, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const paid = await createPayableOrder(t.db, student.id, 2)
    const refused = await replaceProduct(student, paid, 'ING-INT2')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ detail: 'Este pedido está "A atender": o livro não pode mais ser trocado.' })
    const cancelled = await createPayableOrder(t.db, student.id, -2)
    expect((await replaceProduct(student, cancelled, 'ING-INT2')).json()).toEqual({
      detail: 'Este pedido está "Cancelado": o livro não pode mais ser trocado.',
    })

    const open = await createPayableOrder(t.db, student.id)
    const foreign = await replaceProduct(other, open, 'ING-INT2')
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Pedido não encontrado' })
    const unknown = await replaceProduct(student, open, 'NAO-EXISTE')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'Produto não encontrado' })
    // A book that needs the level test, before the student took it.
    const needsTest = await replaceProduct(student, open, 'ING-INT3')
    expect(needsTest.statusCode).toBe(409)
    expect(needsTest.json()).toEqual({ detail: 'Este livro pede o teste de nivelamento: faça o teste antes de escolhê-lo.' })
    // Nothing changed on any of them.
    const items = await t.db.orm.select().from(preInvoiceItems).where(eq(preInvoiceItems.preInvoiceId, open))
    expect(items).toEqual([expect.objectContaining({ codigoProduto: 'ING-INT1', quantidade: 3, valorUnitarioCentavos: 41_100 })])
    expect((await replaceProduct(student, open, 'ESP-BAS2')).json<Pedido>()).toMatchObject({
      produto: 'Livro Espanhol Básico 2',
      total: 123_300,
    })
  })
})

/** A discount coupon of `percentual` %, attached by the student through PUT /at-home/parceria-cupom/. */
async function attachCoupon(student: TestAccount, percentual = 10, expiraEm = new Date(Date.now() + 30 * 86_400_000)): Promise<string> {
  const codigo = `TESTE-${randomBytes(4).toString('hex').toUpperCase()}`
  await t.db.orm.insert(clubCuponsParceria).values({ codigo, empresa: 'Empresa de Teste', beneficio: 'desconto', percentual, expiraEm })
  const attached = await api('PUT', '/at-home/parceria-cupom/', student.token, { cupom: codigo })
  expect(attached.statusCode).toBe(200)
  return codigo
}

const prices = async (student: TestAccount, n: number) =>
  (await api('GET', `/pre-invoice/desconto-progressivo/${n}/`, student.token)).json<DescontoProgressivo>()

describe('the partnership discount coupon on the next order (D26)', () => {
  it('is shown on top of D12, applied by the next order once, and the order after it pays the full price', async () => {
    const student = await createAccount(t.app, t.db)
    expect(await prices(student, 3)).toMatchObject({ total: 123_300, cupom: null })
    const codigo = await attachCoupon(student)
    // 3 books: R$ 1.233,00 after D12, 10 % off → R$ 1.109,70, R$ 369,90 a book.
    const shown = await prices(student, 3)
    expect(shown).toMatchObject({
      desconto: 6_000,
      total: 110_970,
      preco_por_livro: 36_990,
      cupom: { codigo, empresa: 'Empresa de Teste', percentual: 10, desconto: 12_330 },
    })
    expect(shown.planos[1]!.valores).toEqual([55_485, 55_485])

    const first = await createOrder(student, { codigo_produto: 'ING-INT1', quantidade: 3, parcelas: 2 })
    expect(first.statusCode).toBe(201)
    expect(first.json<Pedido>()).toMatchObject({ total: 110_970, itens: [{ quantidade: 3, valor_unitario: 36_990 }] })
    const [row] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, first.json<Pedido>().id))
    expect(row!.cupomId).not.toBeNull()
    // The club's coupon box says which order took it.
    const box = (await api('GET', '/at-home/parceria-cupom/', student.token)).json<{
      cupom: { codigo: string; usado_no_pedido: string | null }
    }>()
    expect(box.cupom).toMatchObject({ codigo, usado_no_pedido: first.json<Pedido>().numero })

    expect(await prices(student, 3)).toMatchObject({ total: 123_300, cupom: null })
    const second = await createOrder(student, { codigo_produto: 'ING-INT1', quantidade: 3, parcelas: 2 })
    expect(second.json<Pedido>()).toMatchObject({ total: 123_300 })
    const [secondRow] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, second.json<Pedido>().id))
    expect(secondRow!.cupomId).toBeNull()
  })

  it('two orders made at once take the coupon once', async () => {
    const student = await createAccount(t.app, t.db)
    await attachCoupon(student, 15)
    const body = { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 1 }
    const together = await Promise.all([createOrder(student, body), createOrder(student, body)])
    expect(together.map((response) => response.statusCode)).toEqual([201, 201])
    // One book: R$ 451,00; 15 % off is R$ 67,65.
    expect(together.map((response) => response.json<Pedido>().total).sort()).toEqual([38_335, 45_100])
    const rows = await t.db.orm.select({ cupomId: preInvoices.cupomId }).from(preInvoices).where(eq(preInvoices.userId, student.id))
    expect(rows.filter((row) => row.cupomId !== null)).toHaveLength(1)
  })

  it('a cancelled order gives the coupon back; an expired coupon or another student’s is not applied', async () => {
    const [student, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    await attachCoupon(student)
    const first = (await createOrder(student, { codigo_produto: 'ING-INT2', quantidade: 1, parcelas: 1 })).json<Pedido>()
    expect(first.total).toBe(40_590)
    expect(await prices(other, 1)).toMatchObject({ total: 45_100, cupom: null })
    expect((await api('GET', '/at-home/parceria-cupom/', student.token)).json()).toMatchObject({ cupom: { usado_no_pedido: first.numero } })
    expect((await api('POST', `/pre-invoice/cancel/${first.id}/`, student.token)).statusCode).toBe(200)
    expect((await api('GET', '/at-home/parceria-cupom/', student.token)).json()).toMatchObject({ cupom: { usado_no_pedido: null } })
    expect(await prices(student, 1)).toMatchObject({ total: 40_590, cupom: { percentual: 10 } })

    const late = await createAccount(t.app, t.db)
    const codigo = await attachCoupon(late)
    await t.db.orm
      .update(clubCuponsParceria)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(clubCuponsParceria.codigo, codigo))
    expect(await prices(late, 1)).toMatchObject({ total: 45_100, cupom: null })
    expect((await createOrder(late, { codigo_produto: 'ING-INT2', quantidade: 1, parcelas: 1 })).json<Pedido>().total).toBe(45_100)
  })

  it('an order waiting for the level test holds the coupon, is priced with it when released, and keeps it when switched', async () => {
    const student = await createAccount(t.app, t.db)
    await attachCoupon(student)
    const waiting = (await createOrder(student, { codigo_produto: 'ING-INT3', quantidade: 2, parcelas: 6 })).json<Pedido>()
    expect(waiting.status.id).toBe(-3)
    expect(await prices(student, 2)).toMatchObject({ cupom: null })
    await finishTest(student)
    // 2 books: R$ 862,00, 10 % off → R$ 775,80.
    expect(await listed(student, waiting.id)).toMatchObject({ status: { id: 1 }, total: 77_580 })
    expect((await replaceProduct(student, waiting.id, 'ING-INT1')).json<Pedido>()).toMatchObject({
      total: 77_580,
      produto: 'Livro Inglês Intermediário 1',
    })
  })
})
