import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type Pedido, type PedidosPage } from '../../../src/contract/schemas/pedido.ts'
import { preInvoices } from './schema.ts'
import { createAccount, createOrderRow } from '../../test/accounts.ts'
import { bearer, demoToken, testAppForFile } from '../../test/app.ts'
import { orderStatus, productSummary } from './routes.ts'

describe('order summaries', () => {
  it('names the first item and counts the others', () => {
    expect(productSummary([{ descricao: 'Livro A' }])).toBe('Livro A')
    expect(productSummary([{ descricao: 'Livro A' }, { descricao: 'Livro B' }])).toBe('Livro A + 1 item')
    expect(productSummary([{ descricao: 'Livro A' }, { descricao: 'Livro B' }, { descricao: 'Livro C' }])).toBe('Livro A + 2 itens')
    expect(productSummary([])).toBe('Produto a definir')
  })

  it('takes every status reference from ORDER_STATUSES', () => {
    for (const status of ORDER_STATUSES) expect(orderStatus(status.id)).toEqual(status)
  })
})

const t = testAppForFile()
let ana: string
let marina: string
let gestor: string

const listOrders = (query = '', token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/pre-invoice/${query}`, headers: token ? bearer(token) : {} })

beforeAll(async () => {
  ;[ana, marina, gestor] = await Promise.all([demoToken(t.app, 'ana'), demoToken(t.app, 'marina'), demoToken(t.app, 'gestor')])
})

describe('GET /pre-invoice/', () => {
  it('answers 401 without a token', async () => {
    const response = await listOrders()
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it("lists the demo student's orders newest first, with status, items, summary and total in cents", async () => {
    const response = await listOrders('', ana)
    expect(response.statusCode).toBe(200)
    const page = response.json<PedidosPage>()
    expect(page.total).toBe(6)
    expect(page.items.map((pedido) => [pedido.numero, pedido.status.name])).toEqual([
      ['PV-000106', 'Aguardando pagamento'],
      ['PV-000105', 'A atender'],
      ['PV-000104', 'Retirado pela transportadora'],
      ['PV-000103', 'Cancelado'],
      ['PV-000102', 'Entregue/Finalizado'],
      ['PV-000101', 'Entregue/Finalizado'],
    ])
    const createdAt = page.items.map((pedido) => pedido.criado_em)
    expect(createdAt).toEqual([...createdAt].sort().reverse())

    const [awaitingPayment] = page.items
    expect(awaitingPayment).toMatchObject({
      produto: 'Livro Inglês Intermediário 3 + 2 itens',
      total: 3 * 56_800,
      status: ORDER_STATUSES.find((status) => status.id === 1),
    })
    expect(awaitingPayment!.itens).toEqual([
      { codigo_produto: 'ING-INT3', descricao: 'Livro Inglês Intermediário 3', quantidade: 1, valor_unitario: 56_800 },
      { codigo_produto: 'ESP-BAS2', descricao: 'Livro Espanhol Básico 2', quantidade: 1, valor_unitario: 56_800 },
      { codigo_produto: 'KAH-ING1', descricao: 'Livro KNN At Home — Inglês 1', quantidade: 1, valor_unitario: 56_800 },
    ])
    expect(page.items.find((pedido) => pedido.numero === 'PV-000102')).toMatchObject({
      produto: 'Livro Espanhol Básico 1 + 1 item',
      total: 90_200,
    })
    expect(page.items.find((pedido) => pedido.numero === 'PV-000104')).toMatchObject({
      produto: 'Livro Inglês Intermediário 2',
      total: 45_100,
      status: { id: 7, color: '#283593', description: 'Pedido a caminho.' },
    })
  })

  it('filters by status; total counts the matching orders', async () => {
    const delivered = (await listOrders('?status=8', ana)).json<PedidosPage>()
    expect(delivered.total).toBe(2)
    expect(delivered.items.map((pedido) => pedido.numero)).toEqual(['PV-000102', 'PV-000101'])
    const cancelled = (await listOrders('?status=-2', ana)).json<PedidosPage>()
    expect(cancelled.items.map((pedido) => pedido.numero)).toEqual(['PV-000103'])
    expect((await listOrders('?status=5', ana)).json()).toEqual({ items: [], total: 0 })
  })

  it('pages with limit and offset, total still counting every order', async () => {
    const page = (await listOrders('?limit=2&offset=2', ana)).json<PedidosPage>()
    expect(page.total).toBe(6)
    expect(page.items.map((pedido) => pedido.numero)).toEqual(['PV-000104', 'PV-000103'])
    const filtered = (await listOrders('?status=8&limit=1&offset=1', ana)).json<PedidosPage>()
    expect(filtered).toMatchObject({ total: 2, items: [{ numero: 'PV-000101' }] })
    expect((await listOrders('?offset=50', ana)).json()).toEqual({ items: [], total: 6 })
    expect((await listOrders('?limit=200', ana)).json<PedidosPage>().items).toHaveLength(6)
  })

  it('answers 422 with the location for an unknown status and a limit over 200', async () => {
    for (const [query, field] of [
      ['?status=3', 'status'],
      ['?status=abc', 'status'],
      ['?limit=201', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const response = await listOrders(query, ana)
      expect(response.statusCode, query).toBe(422)
      expect(response.json().detail[0].loc, query).toEqual(['query', field])
    }
  })

  it("never lists another student's orders", async () => {
    const anaNumbers = new Set((await listOrders('', ana)).json<PedidosPage>().items.map((pedido) => pedido.numero))
    const marinaPage = (await listOrders('', marina)).json<PedidosPage>()
    expect(marinaPage.total).toBe(2)
    expect(marinaPage.items.map((pedido) => [pedido.numero, pedido.status.name, pedido.produto, pedido.total])).toEqual([
      ['PV-000302', 'Aguardando nivelamento', 'Produto a definir', 0],
      ['PV-000301', 'Entregue/Finalizado', 'Livro Inglês Teens 1', 45_100],
    ])
    for (const pedido of marinaPage.items) expect(anaNumbers.has(pedido.numero)).toBe(false)
    expect((await listOrders('', gestor)).statusCode).toBe(403)
  })
})

describe('POST /pre-invoice/cancel/{id}/ (D11)', () => {
  const cancel = (id: number, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/pre-invoice/cancel/${id}/`, headers: bearer(token) })

  it('cancels her own unpaid order once, answering it cancelled; the second time says it already is', async () => {
    const student = await createAccount(t.app, t.db)
    const id = await createOrderRow(t.db, student.id, 1)
    const first = await cancel(id, student.token)
    expect(first.statusCode).toBe(200)
    expect(first.json<Pedido>()).toMatchObject({ id, status: { id: -2, name: 'Cancelado' } })
    const again = await cancel(id, student.token)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: 'Este pedido já foi cancelado.' })
    const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
    expect(row!.status).toBe(-2)
  })

  it('cancels an order waiting for the level test or with a problem; never a paid or delivered one', async () => {
    const student = await createAccount(t.app, t.db)
    for (const status of [-3, -1] as const)
      expect((await cancel(await createOrderRow(t.db, student.id, status), student.token)).statusCode).toBe(200)
    const paid = await cancel(await createOrderRow(t.db, student.id, 2), student.token)
    expect(paid.statusCode).toBe(409)
    expect(paid.json()).toEqual({
      detail: 'Este pedido está "A atender" e não pode mais ser cancelado pelo portal. Fale com a sua escola.',
    })
    const delivered = await cancel(await createOrderRow(t.db, student.id, 8), student.token)
    expect(delivered.json()).toEqual({ detail: 'Este pedido já foi entregue e não pode ser cancelado.' })
  })

  it("answers 404 for another student's order and leaves it as it was", async () => {
    const owner = await createAccount(t.app, t.db)
    const id = await createOrderRow(t.db, owner.id, 1)
    const response = await cancel(id, marina)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Pedido não encontrado' })
    const [row] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, id))
    expect(row!.status).toBe(1)
  })
})
