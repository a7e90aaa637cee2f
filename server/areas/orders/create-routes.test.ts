import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Pedido, PedidosPage } from '../../../src/contract/schemas/pedido.ts'
import type { DadosNotaInput, DescontoProgressivo, Produto } from '../../../src/contract/schemas/pre-invoice.ts'
import * as englishTestRepo from '../english-test/repository.ts'
import { preInvoiceAlunos, preInvoiceItems, preInvoices } from './schema.ts'
import { createAccount, createOrderRow, startEnglishTest, type TestAccount } from '../../test/accounts.ts'
import { bearer, demoToken, jsonRequest, testAppForFile } from '../../test/app.ts'

const t = testAppForFile()
let gestor: string

beforeAll(async () => {
  gestor = await demoToken(t.app, 'gestor')
})

const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(token) })
const createOrder = (token: string, body: unknown, key?: string) =>
  t.app.inject(jsonRequest('POST', '/api/v1/pre-invoice/create/', body, { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }))
const ordersOf = async (userId: number) => {
  const [row] = await t.db.orm.select({ n: count() }).from(preInvoices).where(eq(preInvoices.userId, userId))
  return row!.n
}

describe('GET /master/products/{code}/', () => {
  it('answers the product with its book, level, one book at the on-time price and whether the level test comes first', async () => {
    const student = await createAccount(t.app, t.db)
    const response = await get('/master/products/ING-INT3/', student.token)
    expect(response.statusCode).toBe(200)
    expect(response.json<Produto>()).toEqual({
      codigo: 'ING-INT3',
      nome: 'Livro Inglês Intermediário 3',
      livro: { codigo: 'ING-INT3', nome: 'Inglês Intermediário 3' },
      nivel: 'Intermediário 3',
      imagem_url: null,
      preco: 45_100,
      requer_nivelamento: true,
    })
    expect((await get('/master/products/ESP-BAS1/', student.token)).json<Produto>()).toMatchObject({ requer_nivelamento: false })
  })

  it('answers 404 "Produto não encontrado" for an unknown code, 422 for a malformed one, 403 to a manager', async () => {
    const student = await createAccount(t.app, t.db)
    const unknown = await get('/master/products/NAO-EXISTE/', student.token)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'Produto não encontrado' })
    const malformed = await get('/master/products/a%20b/', student.token)
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().detail[0]).toMatchObject({ loc: ['path', 'code'], msg: 'Código de produto inválido' })
    expect((await get('/master/products/ING-INT1/', gestor)).statusCode).toBe(403)
  })
})

describe('GET /pre-invoice/desconto-progressivo/{id}/ (D12)', () => {
  // n, list, on time, discount, list total, total, most instalments (cents)
  const table = [
    [1, 56_800, 45_100, 0, 56_800, 45_100, 6],
    [2, 55_800, 44_100, 2_000, 111_600, 86_200, 6],
    [3, 54_800, 43_100, 6_000, 164_400, 123_300, 12],
    [4, 53_800, 42_100, 12_000, 215_200, 156_400, 12],
    [5, 52_800, 41_100, 20_000, 264_000, 185_500, 12],
    [6, 51_800, 40_100, 30_000, 310_800, 210_600, 12],
  ] as const

  it('answers the prices, the discount, the totals and every instalment plan for 1–6 books', async () => {
    const student = await createAccount(t.app, t.db)
    for (const [n, lista, pontual, desconto, totalTabela, total, maxInstalments] of table) {
      const response = await get(`/pre-invoice/desconto-progressivo/${n}/`, student.token)
      expect(response.statusCode, `${n}`).toBe(200)
      const body = response.json<DescontoProgressivo>()
      expect(body).toMatchObject({
        quantidade: n,
        preco_tabela: lista,
        preco_pontual: pontual,
        desconto,
        total_tabela: totalTabela,
        total,
        preco_por_livro: total / n,
        max_parcelas: maxInstalments,
      })
      expect(body.planos).toHaveLength(maxInstalments)
      for (const plano of body.planos) expect(plano.valores.reduce((sum, value) => sum + value, 0)).toBe(total)
    }
  })

  it('answers 3 books with D12 total R$ 1.233,00 in up to 12 instalments, the last absorbing the rounding', async () => {
    const student = await createAccount(t.app, t.db)
    const body = (await get('/pre-invoice/desconto-progressivo/3/', student.token)).json<DescontoProgressivo>()
    expect(body.total).toBe(3 * 43_100 - 6_000)
    expect(body.planos.map((plano) => plano.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(body.planos[6]).toEqual({ parcelas: 7, valores: [17_614, 17_614, 17_614, 17_614, 17_614, 17_614, 17_616] })
  })

  it('answers 422 in Portuguese outside 1–6 books', async () => {
    const student = await createAccount(t.app, t.db)
    const seven = await get('/pre-invoice/desconto-progressivo/7/', student.token)
    expect(seven.statusCode).toBe(422)
    expect(seven.json().detail[0]).toMatchObject({ loc: ['path', 'id'], msg: 'Escolha de 1 a 6 livros por pedido.' })
    for (const id of ['0', 'abc', '-1']) {
      const response = await get(`/pre-invoice/desconto-progressivo/${id}/`, student.token)
      expect(response.statusCode, id).toBe(422)
    }
    expect((await get('/pre-invoice/desconto-progressivo/3/', gestor)).statusCode).toBe(403)
  })
})

describe('POST /pre-invoice/create/ (D11, D12)', () => {
  it("creates the caller's order at 1, priced by the server: 3 books at D12's total", async () => {
    const student = await createAccount(t.app, t.db)
    const response = await createOrder(student.token, { codigo_produto: 'ESP-BAS1', quantidade: 3, parcelas: 12 })
    expect(response.statusCode).toBe(201)
    const pedido = response.json<Pedido>()
    expect(pedido).toMatchObject({
      produto: 'Livro Espanhol Básico 1',
      total: 123_300,
      status: { id: 1, name: 'Aguardando pagamento' },
      itens: [{ codigo_produto: 'ESP-BAS1', descricao: 'Livro Espanhol Básico 1', quantidade: 3, valor_unitario: 41_100 }],
    })
    expect(pedido.numero).toMatch(/^PV-\d{6}$/)

    const [row] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, pedido.id))
    expect(row).toMatchObject({ userId: student.id, status: 1, produtoSolicitado: 'ESP-BAS1', quantidadeSolicitada: 3, parcelas: 12 })
    const items = await t.db.orm.select().from(preInvoiceItems).where(eq(preInvoiceItems.preInvoiceId, pedido.id))
    expect(items).toMatchObject([{ codigoProduto: 'ESP-BAS1', quantidade: 3, valorUnitarioCentavos: 41_100 }])
  })

  it("lists the new order in the caller's GET /pre-invoice/ and not in another student's", async () => {
    const [owner, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const pedido = (await createOrder(owner.token, { codigo_produto: 'ING-INT1', quantidade: 1, parcelas: 1 })).json<Pedido>()
    const mine = (await get('/pre-invoice/', owner.token)).json<PedidosPage>()
    expect(mine.items).toEqual([pedido])
    const theirs = (await get('/pre-invoice/', other.token)).json<PedidosPage>()
    expect(theirs).toEqual({ items: [], total: 0 })
  })

  it('answers 422 with the maximum when the instalments exceed the table for the quantity, and creates nothing', async () => {
    const student = await createAccount(t.app, t.db)
    const response = await createOrder(student.token, { codigo_produto: 'ESP-BAS1', quantidade: 2, parcelas: 7 })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({ detail: 'Para 2 livros, o pedido pode ser pago em até 6 parcelas.' })
    const one = await createOrder(student.token, { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 12 })
    expect(one.json()).toEqual({ detail: 'Para 1 livro, o pedido pode ser pago em até 6 parcelas.' })
    const seven = await createOrder(student.token, { codigo_produto: 'ESP-BAS1', quantidade: 7, parcelas: 1 })
    expect(seven.statusCode).toBe(422)
    expect(seven.json().detail[0]).toMatchObject({ loc: ['body', 'quantidade'], msg: 'Escolha de 1 a 6 livros por pedido.' })
    expect(await ordersOf(student.id)).toBe(0)
  })

  it('answers 404 "Produto não encontrado" for an unknown product, and creates nothing', async () => {
    const student = await createAccount(t.app, t.db)
    const response = await createOrder(student.token, { codigo_produto: 'NAO-EXISTE', quantidade: 1, parcelas: 1 })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Produto não encontrado' })
    expect(await ordersOf(student.id)).toBe(0)
  })

  it('leaves a level-test product at -3 without a finished test, with no item yet; at 1 once the test is finished', async () => {
    const student = await createAccount(t.app, t.db)
    const waiting = await createOrder(student.token, { codigo_produto: 'ING-INT3', quantidade: 2, parcelas: 6 })
    expect(waiting.statusCode).toBe(201)
    expect(waiting.json<Pedido>()).toMatchObject({
      produto: 'Produto a definir',
      total: 0,
      itens: [],
      status: { id: -3, name: 'Aguardando nivelamento' },
    })
    const [row] = await t.db.orm.select().from(preInvoices).where(eq(preInvoices.id, waiting.json<Pedido>().id))
    expect(row).toMatchObject({ status: -3, produtoSolicitado: 'ING-INT3', quantidadeSolicitada: 2, parcelas: 6 })

    // A test in progress is not a finished one.
    const tentativa = await startEnglishTest(t.db, student.id)
    expect((await createOrder(student.token, { codigo_produto: 'ING-INT3', quantidade: 1, parcelas: 1 })).json<Pedido>().status.id).toBe(-3)
    await englishTestRepo.forUser(t.db.orm, student.id).finish(tentativa, new Date())
    const priced = await createOrder(student.token, { codigo_produto: 'ING-INT3', quantidade: 2, parcelas: 6 })
    expect(priced.json<Pedido>()).toMatchObject({ status: { id: 1 }, total: 86_200 })
  })

  it('creates one order for a replayed Idempotency-Key: 201, then 200 with the same order', async () => {
    const student = await createAccount(t.app, t.db)
    const body = { codigo_produto: 'KAH-ING1', quantidade: 4, parcelas: 10 }
    const first = await createOrder(student.token, body, 'pedido-chave-0001')
    expect(first.statusCode).toBe(201)
    const again = await createOrder(student.token, body, 'pedido-chave-0001')
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const together = await Promise.all([
      createOrder(student.token, body, 'pedido-chave-0002'),
      createOrder(student.token, body, 'pedido-chave-0002'),
    ])
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 201])
    expect(together[0]!.json<Pedido>().id).toBe(together[1]!.json<Pedido>().id)
    expect(await ordersOf(student.id)).toBe(2)

    const other = await createOrder(student.token, { ...body, quantidade: 5 }, 'pedido-chave-0001')
    expect(other.statusCode).toBe(422)
    expect(other.json()).toEqual({ detail: 'Esta chave de idempotência já foi usada para outro pedido.' })
    // The key is the caller's: another student's same key is a new order.
    const someoneElse = await createAccount(t.app, t.db)
    expect((await createOrder(someoneElse.token, body, 'pedido-chave-0001')).statusCode).toBe(201)
    expect(await ordersOf(student.id)).toBe(2)
  })

  it('answers 403 to a manager and 401 without a token, creating nothing', async () => {
    const manager = await createAccount(t.app, t.db, 'manager')
    const response = await createOrder(manager.token, { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 1 })
    expect(response.statusCode).toBe(403)
    expect((await createOrder(gestor, { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 1 })).statusCode).toBe(403)
    expect(await ordersOf(manager.id)).toBe(0)
    const anonymous = await t.app.inject(
      jsonRequest('POST', '/api/v1/pre-invoice/create/', { codigo_produto: 'ESP-BAS1', quantidade: 1, parcelas: 1 }),
    )
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('POST /pre-invoice/aluno/', () => {
  const invoiceDetails = (pedido: number): DadosNotaInput => ({
    pedido,
    full_name: ' Maria da Silva ',
    cpf: '39053344705',
    email: 'Maria@Example.com',
    cep: '01310100',
    street: 'Avenida Paulista',
    street_number: '1000',
    complemento: 'Apto 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
  })
  const saveInvoiceDetails = (account: TestAccount | string, body: unknown) =>
    t.app.inject(jsonRequest('POST', '/api/v1/pre-invoice/aluno/', body, bearer(typeof account === 'string' ? account : account.token)))

  it("stores the invoice data of the caller's unpaid order, normalised, and replaces it when sent again", async () => {
    const student = await createAccount(t.app, t.db)
    const id = await createOrderRow(t.db, student.id, 1)
    const response = await saveInvoiceDetails(student, invoiceDetails(id))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      pedido: id,
      full_name: 'Maria da Silva',
      cpf: '39053344705',
      email: 'maria@example.com',
      cep: '01310100',
      street: 'Avenida Paulista',
      street_number: '1000',
      complemento: 'Apto 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
    })
    expect((await saveInvoiceDetails(student, { ...invoiceDetails(id), cidade: 'Campinas', complemento: undefined })).json()).toMatchObject(
      {
        cidade: 'Campinas',
        complemento: null,
      },
    )
    const rows = await t.db.orm.select().from(preInvoiceAlunos).where(eq(preInvoiceAlunos.preInvoiceId, id))
    expect(rows).toMatchObject([{ cidade: 'Campinas', fullName: 'Maria da Silva', complemento: null }])
  })

  it('answers the field checks in Portuguese', async () => {
    const student = await createAccount(t.app, t.db)
    const id = await createOrderRow(t.db, student.id, 1)
    const response = await saveInvoiceDetails(student, {
      ...invoiceDetails(id),
      cpf: '12345678900',
      email: 'x',
      cep: '123',
      uf: 'XX',
      full_name: ' ',
    })
    expect(response.statusCode).toBe(422)
    const messages = Object.fromEntries(
      response.json<{ detail: { loc: string[]; msg: string }[] }>().detail.map((issue) => [issue.loc[1], issue.msg]),
    )
    expect(messages).toEqual({
      full_name: 'Este campo é obrigatório',
      cpf: 'Por favor, insira um CPF válido',
      email: 'Por favor, insira um e-mail válido',
      cep: 'O CEP deve ter 8 dígitos',
      uf: 'Escolha um estado (UF) válido',
    })
  })

  it("answers 404 for another student's order and 409 once the order is paid, storing nothing", async () => {
    const [owner, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const id = await createOrderRow(t.db, owner.id, 1)
    const foreign = await saveInvoiceDetails(other, invoiceDetails(id))
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Pedido não encontrado' })
    const paid = await createOrderRow(t.db, owner.id, 2)
    const late = await saveInvoiceDetails(owner, invoiceDetails(paid))
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({ detail: 'Este pedido está "A atender": os dados da nota fiscal não podem mais ser alterados.' })
    expect(await t.db.orm.select().from(preInvoiceAlunos).where(eq(preInvoiceAlunos.preInvoiceId, id))).toEqual([])
    expect((await saveInvoiceDetails(gestor, invoiceDetails(id))).statusCode).toBe(403)
  })
})
