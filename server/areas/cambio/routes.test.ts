import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CAMBIO_TEXTS } from '../../../src/contract/endpoints/cambio.ts'
import type { CotacaoCambio } from '../../../src/contract/schemas/cambio.ts'
import { convert, minimumAmount } from './conversion.ts'
import { setRate, ageQuote } from './repository.ts'
import { confirmPixCharge } from '../payments/repository.ts'
import { cambioCotacoes, cambioTaxas } from './schema.ts'
import { cobrancas } from '../payments/schema.ts'
import { DEMO_RATES } from './seed.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, testAppForFile } from '../../test/app.ts'

describe('convert (D30): integer cents, half up', () => {
  it('rounds a half cent up, both ways, and IOF is 1.1 % of the reais on top', () => {
    // 1 cent at R$ 5,50 is 5.5 cents of real → 6; IOF of 6 cents is 0.066 → 0.
    expect(convert('USD', 'USD', 1, 5_500_000)).toMatchObject({ valorReaisCentavos: 6, iofCentavos: 0, totalCentavos: 6 })
    // R$ 0,11 at R$ 2,00 is 5.5 cents of dollar → 6.
    expect(convert('USD', 'BRL', 11, 2_000_000)).toMatchObject({ valorMoedaCentavos: 6, valorReaisCentavos: 11 })
    // R$ 500,00: IOF 5,50 exactly; R$ 0,50: IOF 0.55 cent → 1.
    expect(convert('EUR', 'BRL', 50_000, 6_000_000).iofCentavos).toBe(550)
    expect(convert('EUR', 'BRL', 50, 6_000_000).iofCentavos).toBe(1)
  })
})

describe('minimumAmount (issue 36 item 4): the least amount that converts to a cent', () => {
  it('converts to one cent at least, and one cent less converts to none, both ways, over many rates', () => {
    for (let taxa = 100_000; taxa <= 20_000_000; taxa += 7_919) {
      for (const origem of ['BRL', 'USD'] as const) {
        const minimo = minimumAmount(origem, taxa)
        const converted = (valor: number) => {
          const conversion = convert('USD', origem, valor, taxa)
          return origem === 'BRL' ? conversion.valorMoedaCentavos : conversion.valorReaisCentavos
        }
        expect(converted(minimo), `${origem} ${taxa}`).toBeGreaterThanOrEqual(1)
        if (minimo > 1) expect(converted(minimo - 1), `${origem} ${taxa}`).toBe(0)
      }
    }
    // The demo's rates: R$ 0,03 buys a cent of dollar, R$ 0,04 of euro or pound; a foreign cent is always reais.
    expect([minimumAmount('BRL', 5_341_200), minimumAmount('BRL', 6_158_700), minimumAmount('BRL', 7_023_500)]).toEqual([3, 4, 4])
    expect(minimumAmount('GBP', 7_023_500)).toBe(1)
  })
})

const t = testAppForFile()
let ana: TestAccount
let bruno: TestAccount

const simulate = (token: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/cambio-real/simulator-value/',
    headers: token ? bearer(token) : {},
    payload: body as object,
  })

beforeAll(async () => {
  ana = await createAccount(t.app, t.db)
  bruno = await createAccount(t.app, t.db)
  // Known rates for the arithmetic below (the demo's are DEMO_RATES).
  await setRate(t.db.orm, 'USD', 5_341_200, '2026-11-20')
  await setRate(t.db.orm, 'EUR', 6_158_700, '2026-11-20')
  await setRate(t.db.orm, 'GBP', 7_023_500, '2026-11-21')
})

describe('POST /cambio-real/simulator-value/ (D30)', () => {
  it('the demo seed has a rate for each of USD, EUR and GBP', async () => {
    const rows = await t.db.orm.select().from(cambioTaxas)
    expect(rows.map((row) => row.moeda).sort()).toEqual(['EUR', 'GBP', 'USD'])
    expect(Object.keys(DEMO_RATES).sort()).toEqual(['EUR', 'GBP', 'USD'])
  })

  it('US$ 100,00 → reais: R$ 534,12 at 5,3412 of its day, IOF R$ 5,88 apart, total R$ 540,00; recorded as a quote valid 15 minutes', async () => {
    const response = await simulate(ana.token, { moeda_origem: 'USD', moeda_destino: 'BRL', valor: 10_000 })
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
    const response = await simulate(ana.token, { moeda_origem: 'BRL', moeda_destino: 'EUR', valor: 100_000 })
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
    const response = await simulate(bruno.token, { moeda_origem: 'GBP', moeda_destino: 'BRL', valor: 25_000 })
    expect(response.statusCode, response.body).toBe(201)
    // 250 × 7,0235 = 1.755,875 → R$ 1.755,88; IOF 19,31465 → R$ 19,31.
    expect(response.json()).toMatchObject({ valor_destino: 175_588, iof: 1_931, total: 177_519, taxa_data: '2026-11-21' })
  })

  it('refuses reais to reais, dollar to euro, an unknown currency and a bad amount with 422 and a Portuguese detail, recording nothing', async () => {
    const before = (await t.db.orm.select().from(cambioCotacoes)).length
    const brl = await simulate(ana.token, { moeda_origem: 'BRL', moeda_destino: 'BRL', valor: 1_000 })
    expect(brl.statusCode).toBe(422)
    expect(JSON.stringify(brl.json().detail)).toContain(CAMBIO_TEXTS.semReais)
    const cross = await simulate(ana.token, { moeda_origem: 'USD', moeda_destino: 'EUR', valor: 1_000 })
    expect(cross.statusCode).toBe(422)
    expect(JSON.stringify(cross.json().detail)).toContain(CAMBIO_TEXTS.semReais)
    const unknown = await simulate(ana.token, { moeda_origem: 'JPY', moeda_destino: 'BRL', valor: 1_000 })
    expect(unknown.statusCode).toBe(422)
    expect(JSON.stringify(unknown.json().detail)).toContain('Escolha a moeda')
    for (const [valor, text] of [
      [0, 'maior que zero'],
      [-5, 'maior que zero'],
      [10.5, 'centavos'],
      [10_000_001, 'valor máximo'],
      ['100', 'centavos'],
    ] as const) {
      const bad = await simulate(ana.token, { moeda_origem: 'BRL', moeda_destino: 'USD', valor })
      expect(bad.statusCode, String(valor)).toBe(422)
      expect(JSON.stringify(bad.json().detail)).toContain(text)
    }
    expect((await t.db.orm.select().from(cambioCotacoes)).length).toBe(before)
  })

  it('refuses an amount that converts to less than a cent (a 500 before) with 422 saying the minimum, recording nothing', async () => {
    const before = (await t.db.orm.select().from(cambioCotacoes)).length
    for (const [destino, valor, minimo, nome] of [
      ['USD', 1, 'R$ 0,03', 'dólar'],
      ['USD', 2, 'R$ 0,03', 'dólar'],
      ['GBP', 1, 'R$ 0,04', 'libra'],
      ['EUR', 3, 'R$ 0,04', 'euro'],
    ] as const) {
      const response = await simulate(ana.token, { moeda_origem: 'BRL', moeda_destino: destino, valor })
      expect(response.statusCode, `${valor} → ${destino}`).toBe(422)
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'valor'],
          msg: `O valor mínimo desta conversão é ${minimo}: abaixo disso, não chega a 1 centavo de ${nome}.`,
          type: 'value_error',
        },
      ])
    }
    expect((await t.db.orm.select().from(cambioCotacoes)).length).toBe(before)
    // The minimum itself is quoted: a cent of dollar.
    const three = await simulate(ana.token, { moeda_origem: 'BRL', moeda_destino: 'USD', valor: 3 })
    expect(three.statusCode, three.body).toBe(201)
    expect(three.json()).toMatchObject({ valor_origem: 3, valor_destino: 1 })
    const cent = await simulate(ana.token, { moeda_origem: 'GBP', moeda_destino: 'BRL', valor: 1 })
    expect(cent.statusCode, cent.body).toBe(201)
    expect(cent.json()).toMatchObject({ valor_origem: 1, valor_destino: 7 })
  })

  it('needs a student: 401 without a token', async () => {
    expect((await simulate(undefined, { moeda_origem: 'BRL', moeda_destino: 'USD', valor: 1_000 })).statusCode).toBe(401)
  })
})

const payByPix = (token: string, cotacaoId: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cambio-real/payment/', headers: bearer(token), payload: { cotacao_id: cotacaoId } })
const payByCard = (token: string, cotacaoId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/cambio-real/payment/credit-card/',
    headers: bearer(token),
    payload: {
      cotacao_id: cotacaoId,
      titular: 'Ana Teste',
      numero: '4111111111111111',
      validade_mes: 12,
      validade_ano: new Date().getUTCFullYear() + 1,
      cvv: '123',
      parcelas: 1,
    },
  })

async function simulateQuote(account: TestAccount): Promise<CotacaoCambio> {
  const response = await simulate(account.token, { moeda_origem: 'USD', moeda_destino: 'BRL', valor: 10_000 })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CotacaoCambio>()
}

/** The quote as if simulated `minutes` ago (the clock moved as the order sweep's tests do, by dating the row back). */
async function backdate(id: number, minutes: number) {
  await ageQuote(t.db.orm, id, minutes)
}

const chargesOf = (id: number) => t.db.orm.select().from(cobrancas).where(eq(cobrancas.cotacaoCambioId, id))
const quote = async (id: number) => (await t.db.orm.select().from(cambioCotacoes).where(eq(cambioCotacoes.id, id)))[0]!

describe('paying a quote (D30)', () => {
  it('by card: the total is charged once (201), a second payment is 409 and reaches no gateway', async () => {
    const cotacao = await simulateQuote(ana)
    const paid = await payByCard(ana.token, cotacao.id)
    expect(paid.statusCode, paid.body).toBe(201)
    expect(paid.json()).toMatchObject({ valor: 54_000, parcelas: 1, final: '1111' })
    const again = await payByCard(ana.token, cotacao.id)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(CAMBIO_TEXTS.cotacaoPaga)
    const rows = await chargesOf(cotacao.id)
    expect(rows.map((row) => [row.metodo, row.status, row.valorCentavos])).toEqual([['cartao', 'pago', 54_000]])
    expect((await quote(cotacao.id)).pagoEm).not.toBeNull()
  })

  it('by Pix: one code for the total, ending with the quote at the latest; confirmed twice, paid once', async () => {
    const cotacao = await simulateQuote(ana)
    const first = await payByPix(ana.token, cotacao.id)
    expect(first.statusCode, first.body).toBe(200)
    const charge = first.json()
    expect(charge).toMatchObject({ valor: 54_000, status: 'pendente' })
    expect(Date.parse(charge.expira_em)).toBeLessThanOrEqual(Date.parse(cotacao.valida_ate))
    expect((await payByPix(ana.token, cotacao.id)).json().txid).toBe(charge.txid)
    const at = new Date()
    const [one, two] = await Promise.all([confirmPixCharge(t.db.orm, charge.txid, at), confirmPixCharge(t.db.orm, charge.txid, at)])
    expect([one.confirmed, two.confirmed].sort()).toEqual([false, true])
    expect((await quote(cotacao.id)).pagoEm).not.toBeNull()
    expect((await chargesOf(cotacao.id)).map((row) => row.status)).toEqual(['pago'])
    // Asked again once paid: the charge that paid it; a card is refused.
    expect((await payByPix(ana.token, cotacao.id)).json()).toMatchObject({ txid: charge.txid, status: 'pago' })
    expect((await payByCard(ana.token, cotacao.id)).statusCode).toBe(409)
  })

  it('a quote older than 15 minutes is refused (409, simule de novo) by Pix and by card, recording no charge', async () => {
    const cotacao = await simulateQuote(ana)
    await backdate(cotacao.id, 16)
    for (const response of [await payByPix(ana.token, cotacao.id), await payByCard(ana.token, cotacao.id)]) {
      expect(response.statusCode, response.body).toBe(409)
      expect(response.json().detail).toBe(CAMBIO_TEXTS.cotacaoExpirada)
    }
    expect(await chargesOf(cotacao.id)).toEqual([])
    // At 14 minutes it is still payable.
    const young = await simulateQuote(ana)
    await backdate(young.id, 14)
    expect((await payByPix(ana.token, young.id)).statusCode).toBe(200)
  })

  it('a Pix code confirmed after its quote ended pays nothing', async () => {
    const cotacao = await simulateQuote(ana)
    const charge = (await payByPix(ana.token, cotacao.id)).json()
    const late = new Date(Date.parse(cotacao.valida_ate) + 60_000)
    expect(await confirmPixCharge(t.db.orm, charge.txid, late)).toEqual({ confirmed: false, reason: 'expired' })
    expect((await quote(cotacao.id)).pagoEm).toBeNull()
  })

  it("another student's quote, or one that does not exist, is 404 by Pix and by card", async () => {
    const deles = await simulateQuote(bruno)
    for (const response of [
      await payByPix(ana.token, deles.id),
      await payByCard(ana.token, deles.id),
      await payByPix(ana.token, 2_000_000_000),
    ]) {
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json().detail).toBe(CAMBIO_TEXTS.cotacaoNotFound)
    }
    expect(await chargesOf(deles.id)).toEqual([])
  })
})
