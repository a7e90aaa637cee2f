import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PAGAMENTO_TEXTS } from '../../../src/contract/endpoints/pagamentos.ts'
import type { Financeiro } from '../../../src/contract/schemas/financeiro.ts'
import type { CobrancaPix, PagamentoCartao, PagamentoCartaoIn } from '../../../src/contract/schemas/pagamento.ts'
import { clubMovimentos } from '../club/schema.ts'
import { parcelas } from '../instalments/schema.ts'
import { cobrancas } from './schema.ts'
import { users } from '../users/schema.ts'
import { brazilDate } from '../../http/tmz.ts'
import { brCode, crc16 } from './brcode.ts'
import { sandboxGateway, type CardChargeInput, type CardGateway } from './card.ts'
import { createAccount, createInstalment, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import { testCard } from '../../test/cards.ts'
import { confirmPixCharge, GATEWAY_UNAVAILABLE, PIX_CHARGE_MINUTES } from './routes.ts'

/**
 * Paying an instalment through drive (issue 12, D13), against the real database and
 * the sandbox gateway. The gateway is wrapped only to count its charges (a payment of a
 * paid instalment must never reach it) and to fail on demand.
 */

/** The sandbox, counting what reaches it; `failing` makes it throw like an unreachable gateway. */
function countingGateway() {
  const sandbox = sandboxGateway()
  const gateway = {
    charges: [] as string[],
    failing: false,
    async charge(input: CardChargeInput) {
      gateway.charges.push(input.reference)
      // The message quotes the card, as a careless gateway client might: it must not reach the logs.
      if (gateway.failing) throw new Error(`connection reset while sending ${input.number} ${input.cvv}`)
      return sandbox.charge(input)
    },
  } satisfies CardGateway & Record<string, unknown>
  return gateway
}

const gateway = countingGateway()
const logLines: string[] = []
let t: TestApp
let drive: string

beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'trace' },
    {
      payments: { cardGateway: gateway },
      logStream: new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    },
  )
  drive = t.app.basePaths.drive
})
afterAll(() => t.close())
beforeEach(() => {
  gateway.failing = false
})

const pixUrl = (id: number | string) => `${drive}/financeiro-parcelas/${id}/cobranca/execute/pix/portal/`
const cardUrl = (id: number | string) => `${drive}/financeiro-parcelas/${id}/cobranca/execute/cartao-credito/portal/`

function askPix(account: TestAccount, id: number | string) {
  return t.app.inject({ method: 'GET', url: pixUrl(id), headers: bearer(account.token) })
}

function payByCard(account: TestAccount, id: number | string, body: PagamentoCartaoIn = testCard()) {
  return t.app.inject(jsonRequest('POST', cardUrl(id), body, bearer(account.token)))
}

async function chargesOf(parcelaId: number) {
  return t.db.orm.select().from(cobrancas).where(eq(cobrancas.parcelaId, parcelaId)).orderBy(cobrancas.id)
}

async function instalmentRow(id: number) {
  const [row] = await t.db.orm.select().from(parcelas).where(eq(parcelas.id, id))
  return row!
}

/** A student with one unpaid instalment. */
async function studentWithInstalment(options: Parameters<typeof createInstalment>[2] = {}) {
  const student = await createAccount(t.app, t.db)
  const parcela = await createInstalment(t.db, student.id, options)
  return { student, parcela }
}

/**
 * Whether `text` holds `digits` standing alone, as a kept or logged CVV would (`"739"`,
 * `cvv=739`). Inside another token they are not one: a timestamp's milliseconds (`.739Z`), a
 * hex id or authorisation code (`A739F0`): a check that counted those failed CI on
 * 2026-11-27 with no card data stored.
 */
function holdsNumber(text: string, digits: string): boolean {
  return new RegExp(`(?<![\\dA-Za-z.])${digits}(?![\\dA-Za-z])`).test(text)
}

describe('GET …/cobranca/execute/pix/portal/ (a Pix charge for the instalment)', () => {
  it("answers a new pending charge: the instalment's amount in a BR Code that checks, its QR code, 30 minutes", async () => {
    const { student, parcela } = await studentWithInstalment({ valorCentavos: 45_100 })
    const before = Date.now()
    const response = await askPix(student, parcela.id)
    expect(response.statusCode, response.body).toBe(200)
    const cobranca = response.json<CobrancaPix>()
    expect(cobranca).toMatchObject({ parcela_id: parcela.id, valor: 45_100, status: 'pendente', pago_em: null })
    expect(cobranca.txid).toMatch(/^[A-Za-z0-9]{25}$/)
    expect(cobranca.copia_e_cola).toBe(brCode({ ...t.config.pix, txid: cobranca.txid, amountCents: 45_100 }))
    expect(cobranca.copia_e_cola).toContain('0014br.gov.bcb.pix0115pix@example.com')
    expect(cobranca.copia_e_cola).toContain('5406451.00')
    expect(cobranca.copia_e_cola).toContain(`62290525${cobranca.txid}6304`)
    expect(cobranca.copia_e_cola.slice(-4)).toBe(crc16(cobranca.copia_e_cola.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'))
    expect(cobranca.qr_code_svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    const expira = Date.parse(cobranca.expira_em)
    expect(expira).toBeGreaterThanOrEqual(before + PIX_CHARGE_MINUTES * 60_000)
    expect(expira).toBeLessThanOrEqual(Date.now() + PIX_CHARGE_MINUTES * 60_000)

    const rows = await chargesOf(parcela.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: cobranca.id,
      userId: student.id,
      metodo: 'pix',
      txid: cobranca.txid,
      valorCentavos: 45_100,
      status: 'pendente',
      copiaECola: cobranca.copia_e_cola,
      pagoEm: null,
      bandeira: null,
      finalCartao: null,
    })
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
  })

  it('answers the same pending charge again, never a second one, even to calls at the same instant', async () => {
    const { student, parcela } = await studentWithInstalment()
    const answers = await Promise.all(Array.from({ length: 6 }, () => askPix(student, parcela.id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    const txids = new Set(answers.map((answer) => answer.json<CobrancaPix>().txid))
    expect(txids.size).toBe(1)
    const later = await askPix(student, parcela.id)
    expect(later.json<CobrancaPix>().txid).toBe([...txids][0])
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pendente'])
  })

  it('replaces a charge whose time ran out: the old one becomes expirado, a new one is pending', async () => {
    const { student, parcela } = await studentWithInstalment()
    const first = (await askPix(student, parcela.id)).json<CobrancaPix>()
    await t.db.orm
      .update(cobrancas)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(cobrancas.id, first.id))
    const second = (await askPix(student, parcela.id)).json<CobrancaPix>()
    expect(second.txid).not.toBe(first.txid)
    expect(second.status).toBe('pendente')
    const rows = await chargesOf(parcela.id)
    expect(rows.map((row) => [row.txid, row.status])).toEqual([
      [first.txid, 'expirado'],
      [second.txid, 'pendente'],
    ])
    // The bank no longer pays the old code.
    expect(await confirmPixCharge(t.db.orm, first.txid, new Date())).toEqual({ confirmed: false, reason: 'expired' })
  })

  it("answers 404 'Parcela não encontrada' for another student's instalment or one that does not exist, creating nothing", async () => {
    const { parcela } = await studentWithInstalment()
    const intruder = await createAccount(t.app, t.db)
    for (const id of [parcela.id, 2_000_000_000, 2_147_483_648]) {
      const response = await askPix(intruder, id)
      expect(response.statusCode, String(id)).toBe(404)
      expect(response.json()).toEqual({ detail: PAGAMENTO_TEXTS.parcelaNotFound })
    }
    expect(await chargesOf(parcela.id)).toEqual([])
  })

  it('answers 409 for an instalment paid another way', async () => {
    const { student, parcela } = await studentWithInstalment({ pagoEm: '2026-11-01' })
    const response = await askPix(student, parcela.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: PAGAMENTO_TEXTS.alreadyPaid })
    expect(await chargesOf(parcela.id)).toEqual([])
  })

  it('once the bank confirms, answers the charge that paid it (pago) and the instalment reads as paid', async () => {
    const { student, parcela } = await studentWithInstalment()
    const pending = (await askPix(student, parcela.id)).json<CobrancaPix>()
    const result = await confirmPixCharge(t.db.orm, pending.txid, new Date())
    expect(result.confirmed).toBe(true)

    const paid = await askPix(student, parcela.id)
    expect(paid.statusCode).toBe(200)
    expect(paid.json<CobrancaPix>()).toMatchObject({
      id: pending.id,
      txid: pending.txid,
      status: 'pago',
      copia_e_cola: pending.copia_e_cola,
    })
    expect(paid.json<CobrancaPix>().pago_em).not.toBeNull()

    const financeiro = await t.app.inject({ method: 'GET', url: '/api/v1/at-home/financeiro/', headers: bearer(student.token) })
    const mine = financeiro.json<Financeiro>().parcelas.find((item) => item.id === parcela.id)
    expect(mine).toMatchObject({ status: 'pago', valor_pago: parcela.valorCentavos, pago_em: brazilDate(new Date()) })
  })
})

describe('confirmPixCharge (the bank says a Pix code was paid)', () => {
  async function pendingCharge() {
    const { student, parcela } = await studentWithInstalment({ valorCentavos: 44_100 })
    const cobranca = (await askPix(student, parcela.id)).json<CobrancaPix>()
    return { student, parcela, cobranca }
  }

  it('pays the charge and the instalment once, on the day it is in Brazil; a second confirmation changes nothing and says so', async () => {
    const { parcela, cobranca } = await pendingCharge()
    // 01:30 UTC on 1 December is still 30 November in São Paulo.
    const at = new Date(Date.parse('2026-12-01T01:30:00Z'))
    await t.db.orm
      .update(cobrancas)
      .set({ expiraEm: new Date(at.getTime() + 60_000) })
      .where(eq(cobrancas.id, cobranca.id))

    const first = await confirmPixCharge(t.db.orm, cobranca.txid, at)
    expect(first).toMatchObject({ confirmed: true, alreadyPaid: false, cobranca: { id: cobranca.id, status: 'pago', pagoEm: at } })
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: '2026-11-30', valorPagoCentavos: 44_100 })
    const [row] = await chargesOf(parcela.id)
    expect(row).toMatchObject({ status: 'pago', pagoEm: at })

    const again = await confirmPixCharge(t.db.orm, cobranca.txid, new Date(at.getTime() + 1000))
    expect(again).toEqual({ confirmed: false, reason: 'already-confirmed' })
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: '2026-11-30', valorPagoCentavos: 44_100 })
    expect(await chargesOf(parcela.id)).toEqual([row])
  })

  it('confirms exactly once when the confirmations arrive at the same time', async () => {
    const { parcela, cobranca } = await pendingCharge()
    const at = new Date()
    const results = await Promise.all(Array.from({ length: 4 }, () => confirmPixCharge(t.db.orm, cobranca.txid, at)))
    expect(results.filter((result) => result.confirmed)).toHaveLength(1)
    expect(results.filter((result) => !result.confirmed)).toEqual([
      { confirmed: false, reason: 'already-confirmed' },
      { confirmed: false, reason: 'already-confirmed' },
      { confirmed: false, reason: 'already-confirmed' },
    ])
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: brazilDate(at), valorPagoCentavos: 44_100 })
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pago'])
  })

  it('refuses a code past its time (marked expirado) and a txid no charge has', async () => {
    const { parcela, cobranca } = await pendingCharge()
    const late = new Date(Date.parse(cobranca.expira_em) + 1)
    expect(await confirmPixCharge(t.db.orm, cobranca.txid, late)).toEqual({ confirmed: false, reason: 'expired' })
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['expirado'])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()

    expect(await confirmPixCharge(t.db.orm, 'A'.repeat(25), new Date())).toEqual({ confirmed: false, reason: 'unknown' })
    expect(await confirmPixCharge(t.db.orm, "'; drop table cobrancas; --", new Date())).toEqual({ confirmed: false, reason: 'unknown' })
  })
})

describe('club points for an instalment paid on time (D23)', () => {
  async function memberWithCharge(vencimento: string, valorCentavos = 45_100, isClub = true) {
    const { student, parcela } = await studentWithInstalment({ valorCentavos, vencimento })
    await t.db.orm.update(users).set({ isClub }).where(eq(users.id, student.id))
    const cobranca = (await askPix(student, parcela.id)).json<CobrancaPix>()
    return { student, parcela, cobranca }
  }
  const creditsOf = (userId: number) =>
    t.db.orm
      .select({
        origem: clubMovimentos.origem,
        tipo: clubMovimentos.tipo,
        referencia: clubMovimentos.referencia,
        pontos: clubMovimentos.pontos,
      })
      .from(clubMovimentos)
      .where(eq(clubMovimentos.userId, userId))

  it('a member paying by the due date earns 10 points per whole R$ 100, once, even with confirmations at the same time', async () => {
    const today = brazilDate(new Date())
    const { student, parcela, cobranca } = await memberWithCharge(today)
    const results = await Promise.all(Array.from({ length: 3 }, () => confirmPixCharge(t.db.orm, cobranca.txid, new Date())))
    expect(results.filter((result) => result.confirmed)).toHaveLength(1)
    // R$ 451,00 → 4 whole hundreds → 40 points.
    expect(await creditsOf(student.id)).toEqual([{ origem: 'parcela', tipo: 'credito', referencia: String(parcela.id), pontos: 40 }])
  })

  it('a payment after the due date earns nothing, and neither does a student outside the club', async () => {
    const late = await memberWithCharge('2020-01-10')
    expect(await confirmPixCharge(t.db.orm, late.cobranca.txid, new Date())).toMatchObject({ confirmed: true })
    expect(await creditsOf(late.student.id)).toEqual([])

    const outsider = await memberWithCharge(brazilDate(new Date()), 45_100, false)
    expect(await confirmPixCharge(t.db.orm, outsider.cobranca.txid, new Date())).toMatchObject({ confirmed: true })
    expect(await creditsOf(outsider.student.id)).toEqual([])
  })
})

describe('POST …/cobranca/execute/cartao-credito/portal/ (paying by card)', () => {
  it('approved: 201 with brand and last four digits, the instalment paid once, and nothing of the card kept but those', async () => {
    const { student, parcela } = await studentWithInstalment({ valorCentavos: 45_100 })
    const before = gateway.charges.length
    const response = await payByCard(student, parcela.id, testCard({ parcelas: 2 }))
    expect(response.statusCode, response.body).toBe(201)
    const pagamento = response.json<PagamentoCartao>()
    expect(pagamento).toMatchObject({ parcela_id: parcela.id, valor: 45_100, parcelas: 2, bandeira: 'mastercard', final: '4444' })
    expect(Date.parse(pagamento.pago_em)).toBeLessThanOrEqual(Date.now())
    expect(gateway.charges.length).toBe(before + 1)

    const rows = await chargesOf(parcela.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: pagamento.id,
      userId: student.id,
      metodo: 'cartao',
      status: 'pago',
      valorCentavos: 45_100,
      bandeira: 'mastercard',
      finalCartao: '4444',
      parcelas: 2,
      recusa: null,
      copiaECola: null,
    })
    expect(rows[0]!.autorizacao).toMatch(/^[0-9A-F]{6}$/)
    expect(rows[0]!.txid).toBe(gateway.charges.at(-1))
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain('5555555555554444')
    expect(holdsNumber(stored, '739')).toBe(false)
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: brazilDate(new Date()), valorPagoCentavos: 45_100 })

    // Paid: a second payment is refused before the gateway.
    const again = await payByCard(student, parcela.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: PAGAMENTO_TEXTS.alreadyPaid })
    expect(gateway.charges.length).toBe(before + 1)
    expect(await chargesOf(parcela.id)).toHaveLength(1)
  })

  it('declined by the bank: 402 with the reason, a recusado row with brand and last four only, the instalment still open', async () => {
    const { student, parcela } = await studentWithInstalment()
    const declined = await payByCard(student, parcela.id, testCard({ numero: '4000000000000002' }))
    expect(declined.statusCode).toBe(402)
    expect(declined.json()).toEqual({ detail: 'Cartão recusado pelo banco emissor.' })
    const funds = await payByCard(student, parcela.id, testCard({ numero: '4000000000009995' }))
    expect(funds.statusCode).toBe(402)
    expect(funds.json()).toEqual({ detail: 'Saldo ou limite insuficiente.' })

    const rows = await chargesOf(parcela.id)
    expect(rows.map((row) => [row.metodo, row.status, row.bandeira, row.finalCartao, row.recusa, row.autorizacao, row.pagoEm])).toEqual([
      ['cartao', 'recusado', 'visa', '0002', 'Cartão recusado pelo banco emissor.', null, null],
      ['cartao', 'recusado', 'visa', '9995', 'Saldo ou limite insuficiente.', null, null],
    ])
    expect(JSON.stringify(rows)).not.toMatch(/4000000000000002|4000000000009995/)
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()

    // Another card then pays it.
    expect((await payByCard(student, parcela.id, testCard({ numero: '4111111111111111', cvv: '123' }))).statusCode).toBe(201)
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['recusado', 'recusado', 'pago'])
  })

  it('a card that is expired, fails the check digit or has a CVV of the wrong size: 422, never sent to the gateway', async () => {
    const { student, parcela } = await studentWithInstalment()
    const before = gateway.charges.length
    const lastYear = new Date().getFullYear() - 1
    const cases: [PagamentoCartaoIn, string][] = [
      [testCard({ validade_ano: lastYear }), 'Cartão vencido.'],
      [testCard({ numero: '5555555555554445' }), 'Número de cartão inválido.'],
      [testCard({ numero: '378282246310005', cvv: '123' }), 'CVV inválido.'],
      [testCard({ cvv: '1234' }), 'CVV inválido.'],
    ]
    for (const [body, detail] of cases) {
      const response = await payByCard(student, parcela.id, body)
      expect(response.statusCode, detail).toBe(422)
      expect(response.json()).toEqual({ detail })
    }
    expect(gateway.charges.length).toBe(before)
    expect(await chargesOf(parcela.id)).toEqual([])
    // The 4-digit CVV of an American Express card goes through.
    expect((await payByCard(student, parcela.id, testCard({ numero: '378282246310005', cvv: '1234' }))).json()).toMatchObject({
      bandeira: 'amex',
      final: '0005',
    })
  })

  it('two payments of one instalment at the same time: one is charged (201), the other gets 409 without reaching the gateway', async () => {
    const { student, parcela } = await studentWithInstalment()
    const before = gateway.charges.length
    const answers = await Promise.all([payByCard(student, parcela.id), payByCard(student, parcela.id), payByCard(student, parcela.id)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
    expect(gateway.charges.length).toBe(before + 1)
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pago'])
  })

  it("answers 404 for another student's instalment and 409 for a paid one, never charging", async () => {
    const { parcela } = await studentWithInstalment()
    const intruder = await createAccount(t.app, t.db)
    const paid = await createInstalment(t.db, intruder.id, { pagoEm: '2026-11-01' })
    const before = gateway.charges.length
    const foreign = await payByCard(intruder, parcela.id)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: PAGAMENTO_TEXTS.parcelaNotFound })
    const again = await payByCard(intruder, paid.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: PAGAMENTO_TEXTS.alreadyPaid })
    expect(gateway.charges.length).toBe(before)
    expect(await chargesOf(parcela.id)).toEqual([])
    expect(await chargesOf(paid.id)).toEqual([])
  })

  it('paying by card withdraws the pending Pix code: the bank can no longer confirm it and Pix answers 409', async () => {
    const { student, parcela } = await studentWithInstalment()
    const pix = (await askPix(student, parcela.id)).json<CobrancaPix>()
    expect((await payByCard(student, parcela.id)).statusCode).toBe(201)
    expect((await chargesOf(parcela.id)).map((row) => [row.metodo, row.status])).toEqual([
      ['pix', 'expirado'],
      ['cartao', 'pago'],
    ])
    expect(await confirmPixCharge(t.db.orm, pix.txid, new Date())).toEqual({ confirmed: false, reason: 'expired' })
    const after = await askPix(student, parcela.id)
    expect(after.statusCode).toBe(409)
    expect(after.json()).toEqual({ detail: PAGAMENTO_TEXTS.alreadyPaid })
  })

  it('a gateway that cannot be reached: 502 with a message to try again, nothing recorded, the instalment open', async () => {
    const { student, parcela } = await studentWithInstalment()
    gateway.failing = true
    const response = await payByCard(student, parcela.id)
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ detail: GATEWAY_UNAVAILABLE, request_id: response.headers['x-request-id'] })
    expect(await chargesOf(parcela.id)).toEqual([])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
  })
})

describe('logs of card payments', () => {
  it('never hold the card number or the CVV, whatever the outcome', async () => {
    const { student, parcela } = await studentWithInstalment()
    const start = logLines.length
    // A refused card, an expired one, a gateway failure that quotes the card, then an approval.
    await payByCard(student, parcela.id, testCard({ numero: '4000000000009995', cvv: '862' }))
    await payByCard(student, parcela.id, testCard({ numero: '4000000000009995', cvv: '862', validade_ano: 2020 }))
    gateway.failing = true
    await payByCard(student, parcela.id, testCard({ numero: '4000000000009995', cvv: '862' }))
    gateway.failing = false
    expect((await payByCard(student, parcela.id, testCard({ numero: '6362970000457013', cvv: '862' }))).statusCode).toBe(201)

    const lines = logLines.slice(start)
    // The requests were logged (trace level), so the test reads real lines.
    expect(lines.filter((line) => line.includes('cartao-credito')).length).toBeGreaterThanOrEqual(4)
    expect(lines.some((line) => line.includes('card gateway failed'))).toBe(true)
    for (const line of lines) {
      expect(line).not.toMatch(/4000000000009995|6362970000457013/)
      expect(holdsNumber(line, '862'), line).toBe(false)
      expect(line.toLowerCase()).not.toContain('cvv')
      expect(line).not.toContain('PESSOA DE TESTE')
    }
    // Nor at any time in this file's run.
    for (const line of logLines) expect(line).not.toMatch(/5555555555554444|4111111111111111|4000000000000002|378282246310005/)
  })
})
