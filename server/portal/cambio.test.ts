import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAMBIO_TEXTS } from '../../src/api/contract/cambio.ts'
import type { CotacaoCambio } from '../../src/api/schemas/cambio.ts'
import { converter } from '../cambio/conversao.ts'
import { definirTaxa } from '../db/repositories/cambio.ts'
import { cambioCotacoes, cambioTaxas } from '../db/schema/cambio.ts'
import { DEMO_TAXAS } from '../db/seed-cambio.ts'
import { createAccount, type TestAccount } from '../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../test/app.ts'

describe('converter (D30, P200): integer cents, half up', () => {
  it('rounds a half cent up, both ways, and IOF is 1.1 % of the reais on top', () => {
    // 1 cent at R$ 5,50 is 5.5 cents of real → 6; IOF of 6 cents is 0.066 → 0.
    expect(converter('USD', 'USD', 1, 5_500_000)).toMatchObject({ valorReaisCentavos: 6, iofCentavos: 0, totalCentavos: 6 })
    // R$ 0,11 at R$ 2,00 is 5.5 cents of dollar → 6.
    expect(converter('USD', 'BRL', 11, 2_000_000)).toMatchObject({ valorMoedaCentavos: 6, valorReaisCentavos: 11 })
    // R$ 500,00: IOF 5,50 exactly; R$ 0,50: IOF 0.55 cent → 1.
    expect(converter('EUR', 'BRL', 50_000, 6_000_000).iofCentavos).toBe(550)
    expect(converter('EUR', 'BRL', 50, 6_000_000).iofCentavos).toBe(1)
  })
})

let t: TestApp
let ana: TestAccount
let bruno: TestAccount

const simular = (token: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/cambio-real/simulator-value/',
    headers: token ? bearer(token) : {},
    payload: body as object,
  })

beforeAll(async () => {
  t = await createTestApp()
  ana = await createAccount(t.app, t.db)
  bruno = await createAccount(t.app, t.db)
  // Known rates for the arithmetic below (the demo's are DEMO_TAXAS).
  await definirTaxa(t.db.orm, 'USD', 5_341_200, '2026-11-20')
  await definirTaxa(t.db.orm, 'EUR', 6_158_700, '2026-11-20')
  await definirTaxa(t.db.orm, 'GBP', 7_023_500, '2026-11-21')
})
afterAll(() => t.close())

describe('POST /cambio-real/simulator-value/ (D30)', () => {
  it('the demo seed has a rate for each of USD, EUR and GBP', async () => {
    const rows = await t.db.orm.select().from(cambioTaxas)
    expect(rows.map((row) => row.moeda).sort()).toEqual(['EUR', 'GBP', 'USD'])
    expect(Object.keys(DEMO_TAXAS).sort()).toEqual(['EUR', 'GBP', 'USD'])
  })

  it('US$ 100,00 → reais: R$ 534,12 at 5,3412 of its day, IOF R$ 5,88 apart, total R$ 540,00; recorded as a quote valid 15 minutes', async () => {
    const response = await simular(ana.token, { moeda_origem: 'USD', moeda_destino: 'BRL', valor: 10_000 })
    expect(response.statusCode, response.body).toBe(201)
    const cotacao = response.json<CotacaoCambio>()
    expect(cotacao).toMatchObject({
      moeda_origem: 'USD',
      moeda_destino: 'BRL',
      valor_origem: 10_000,
      valor_destino: 53_412,
      taxa: 5.3412,
      taxa_data: '2026-11-20',
      iof_percentual: 1.1,
      valor_reais: 53_412,
      iof: 588,
      total: 54_000,
      pago_em: null,
    })
    expect(Date.parse(cotacao.valida_ate) - Date.parse(cotacao.cotada_em)).toBe(15 * 60_000)
    const [row] = await t.db.orm.select().from(cambioCotacoes).where(eq(cambioCotacoes.id, cotacao.id))
    expect(row).toMatchObject({ userId: ana.id, moeda: 'USD', deReais: false, valorMoedaCentavos: 10_000, totalCentavos: 54_000 })
  })

  it('R$ 1.000,00 → euros: € 162,37 at 6,1587, IOF R$ 11,00 on top, total R$ 1.011,00', async () => {
    const response = await simular(ana.token, { moeda_origem: 'BRL', moeda_destino: 'EUR', valor: 100_000 })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      moeda_origem: 'BRL',
      moeda_destino: 'EUR',
      valor_origem: 100_000,
      valor_destino: 16_237,
      valor_reais: 100_000,
      iof: 1_100,
      total: 101_100,
      taxa: 6.1587,
    })
  })

  it('£ 250,00 → reais at the pound’s own rate and date', async () => {
    const response = await simular(bruno.token, { moeda_origem: 'GBP', moeda_destino: 'BRL', valor: 25_000 })
    expect(response.statusCode, response.body).toBe(201)
    // 250 × 7,0235 = 1.755,875 → R$ 1.755,88; IOF 19,31465 → R$ 19,31.
    expect(response.json()).toMatchObject({ valor_destino: 175_588, iof: 1_931, total: 177_519, taxa_data: '2026-11-21' })
  })

  it('refuses reais to reais, dollar to euro, an unknown currency and a bad amount with 422 and a Portuguese detail, recording nothing', async () => {
    const before = (await t.db.orm.select().from(cambioCotacoes)).length
    const brl = await simular(ana.token, { moeda_origem: 'BRL', moeda_destino: 'BRL', valor: 1_000 })
    expect(brl.statusCode).toBe(422)
    expect(JSON.stringify(brl.json().detail)).toContain(CAMBIO_TEXTS.semReais)
    const cross = await simular(ana.token, { moeda_origem: 'USD', moeda_destino: 'EUR', valor: 1_000 })
    expect(cross.statusCode).toBe(422)
    expect(JSON.stringify(cross.json().detail)).toContain(CAMBIO_TEXTS.semReais)
    const unknown = await simular(ana.token, { moeda_origem: 'JPY', moeda_destino: 'BRL', valor: 1_000 })
    expect(unknown.statusCode).toBe(422)
    expect(JSON.stringify(unknown.json().detail)).toContain('Escolha a moeda')
    for (const [valor, text] of [
      [0, 'maior que zero'],
      [-5, 'maior que zero'],
      [10.5, 'centavos'],
      [10_000_001, 'valor máximo'],
      ['100', 'centavos'],
    ] as const) {
      const bad = await simular(ana.token, { moeda_origem: 'BRL', moeda_destino: 'USD', valor })
      expect(bad.statusCode, String(valor)).toBe(422)
      expect(JSON.stringify(bad.json().detail)).toContain(text)
    }
    expect((await t.db.orm.select().from(cambioCotacoes)).length).toBe(before)
  })

  it('needs a student: 401 without a token', async () => {
    expect((await simular(undefined, { moeda_origem: 'BRL', moeda_destino: 'USD', valor: 1_000 })).statusCode).toBe(401)
  })
})
