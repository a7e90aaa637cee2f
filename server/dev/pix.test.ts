import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CobrancaPix } from '../../src/contract/schemas/pagamento.ts'
import { parcelas } from '../areas/instalments/schema.ts'
import { cobrancas } from '../areas/payments/schema.ts'
import { createAccount, createInstalment } from '../test/accounts.ts'
import { bearer, createTestApp, testAppForFile } from '../test/app.ts'

const t = testAppForFile()

/** A new student's instalment with a pending Pix charge, asked through the API. */
async function pendingPix(valorCentavos = 45_100) {
  const student = await createAccount(t.app, t.db)
  const parcela = await createInstalment(t.db, student.id, { valorCentavos })
  const response = await t.app.inject({
    method: 'GET',
    url: `${t.app.basePaths.drive}/financeiro-parcelas/${parcela.id}/cobranca/execute/pix/portal/`,
    headers: bearer(student.token),
  })
  return { parcela, cobranca: response.json<CobrancaPix>() }
}

async function instalmentPaid(id: number) {
  const [row] = await t.db.orm.select({ pagoEm: parcelas.pagoEm }).from(parcelas).where(eq(parcelas.id, id))
  return row!.pagoEm !== null
}

describe("/dev/pix (the demo's Pix provider, D13)", () => {
  it('lists the pending charges with student, instalment, amount and txid, and a button that confirms each', async () => {
    const { cobranca } = await pendingPix(45_150)
    const response = await t.app.inject({ method: 'GET', url: '/dev/pix' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('<h1>Pix pendentes</h1>')
    const article = html.slice(html.indexOf(`<article aria-labelledby="pix-${cobranca.txid}">`))
    expect(article).toContain('Pessoa de Teste · Mensalidade de teste 1/1')
    expect(article).toMatch(/R\$\s451,50/)
    expect(article).toContain(`<code>${cobranca.txid}</code>`)
    expect(article).toContain(
      `<form method="post" action="/dev/pix/confirm/${cobranca.txid}"><button type="submit">Confirmar pagamento</button></form>`,
    )
  })

  it('POST /dev/pix/confirm/{txid}: confirmed once (200 true, then false), 404 for an unknown txid', async () => {
    const { parcela, cobranca } = await pendingPix()
    const first = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${cobranca.txid}` })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ confirmed: true })
    expect(await instalmentPaid(parcela.id)).toBe(true)
    const second = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${cobranca.txid}` })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual({ confirmed: false })
    expect((await t.app.inject({ method: 'GET', url: '/dev/pix' })).body).not.toContain(cobranca.txid)

    for (const txid of ['B'.repeat(25), 'nao-existe']) {
      const unknown = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${txid}` })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ detail: 'Cobrança não encontrada' })
    }
  })

  it("the page's own button confirms and comes back to the page with what happened", async () => {
    const { parcela, cobranca } = await pendingPix()
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const submitted = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${cobranca.txid}`, headers: form, payload: '' })
    expect(submitted.statusCode).toBe(303)
    expect(submitted.headers.location).toBe('/dev/pix?resultado=confirmado')
    expect(await instalmentPaid(parcela.id)).toBe(true)
    const page = await t.app.inject({ method: 'GET', url: '/dev/pix?resultado=confirmado' })
    expect(page.body).toContain('<p role="status">Pagamento confirmado: a parcela está paga.</p>')

    const again = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${cobranca.txid}`, headers: form, payload: '' })
    expect(again.headers.location).toBe('/dev/pix?resultado=recusado')
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ production: true })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/pix' })).statusCode).toBe(404)
      expect((await production.app.inject({ method: 'POST', url: `/dev/pix/confirm/${'A'.repeat(25)}` })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})

describe('the cobrancas table', () => {
  it('holds at most one pending charge per instalment and no more of a card than brand and last four', async () => {
    const { parcela, cobranca } = await pendingPix()
    const [row] = await t.db.orm.select().from(cobrancas).where(eq(cobrancas.id, cobranca.id))
    const { id: _id, createdAt: _createdAt, ...copy } = row!
    await expect(t.db.orm.insert(cobrancas).values({ ...copy, txid: 'C'.repeat(25) })).rejects.toMatchObject({
      cause: { constraint: 'cobrancas_pendente_unique' },
    })
    const cartao = {
      parcelaId: parcela.id,
      userId: row!.userId,
      metodo: 'cartao' as const,
      txid: 'D'.repeat(25),
      valorCentavos: 100,
      status: 'recusado' as const,
      bandeira: 'visa',
      parcelas: 1,
      recusa: 'Cartão recusado pelo banco emissor.',
    }
    await expect(t.db.orm.insert(cobrancas).values({ ...cartao, finalCartao: '4111111111111111' })).rejects.toMatchObject({
      cause: { constraint: 'cobrancas_cartao_check' },
    })
    await expect(t.db.orm.insert(cobrancas).values({ ...cartao, finalCartao: '1111', txid: 'curto' })).rejects.toMatchObject({
      cause: { constraint: 'cobrancas_txid_check' },
    })
    await t.db.orm.insert(cobrancas).values({ ...cartao, finalCartao: '1111' })
  })
})
