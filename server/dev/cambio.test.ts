import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAMBIO_TEXTS } from '../../src/contract/endpoints/cambio.ts'
import type { CotacaoCambio } from '../../src/contract/schemas/cambio.ts'
import { setRate } from '../areas/cambio/repository.ts'
import { createAccount, type TestAccount } from '../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../test/app.ts'

let t: TestApp
let student: TestAccount
beforeAll(async () => {
  t = await createTestApp()
  student = await createAccount(t.app, t.db)
  await setRate(t.db.orm, 'USD', 5_341_200, '2026-11-20')
})
afterAll(() => t.close())

async function quote(): Promise<CotacaoCambio> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${t.app.basePaths.portal}/cambio-real/simulator-value/`,
    headers: bearer(student.token),
    payload: { moeda_origem: 'USD', moeda_destino: 'BRL', valor: 10_000 },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CotacaoCambio>()
}

const payByPix = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `${t.app.basePaths.portal}/cambio-real/payment/`,
    headers: bearer(student.token),
    payload: { cotacao_id: id },
  })

describe("/dev/cambio (the quotes' clock for the browser tests)", () => {
  it('dates a quote back 16 minutes: the server then refuses to charge it with "simule de novo"', async () => {
    const cotacao = await quote()
    const aged = await t.app.inject({ method: 'POST', url: `/dev/cambio/envelhecer/${cotacao.id}` })
    expect(aged.statusCode).toBe(200)
    expect(aged.json()).toEqual({ envelhecida: true, minutos: 16 })
    const refused = await payByPix(cotacao.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ detail: CAMBIO_TEXTS.cotacaoExpirada })
  })

  it('takes the minutes asked for: 10 minutes back is still payable', async () => {
    const cotacao = await quote()
    const aged = await t.app.inject({ method: 'POST', url: `/dev/cambio/envelhecer/${cotacao.id}`, payload: { minutos: 10 } })
    expect(aged.json()).toEqual({ envelhecida: true, minutos: 10 })
    expect((await payByPix(cotacao.id)).statusCode).toBe(200)
  })

  it('404 for a quote that does not exist, 422 for a malformed id or minutes', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/dev/cambio/envelhecer/999999' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/dev/cambio/envelhecer/abc' })).statusCode).toBe(422)
    const cotacao = await quote()
    const bad = await t.app.inject({ method: 'POST', url: `/dev/cambio/envelhecer/${cotacao.id}`, payload: { minutos: 0 } })
    expect(bad.statusCode).toBe(422)
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ production: true })
    try {
      expect((await production.app.inject({ method: 'POST', url: '/dev/cambio/envelhecer/1' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
