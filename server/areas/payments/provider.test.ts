import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CobrancaPix, PagamentoCartao, PagamentoCartaoIn } from '../../../src/contract/schemas/pagamento.ts'
import { loadConfig } from '../../config.ts'
import { parcelas } from '../instalments/schema.ts'
import { cobrancas } from './schema.ts'
import { preInvoices } from '../orders/schema.ts'
import { WEBHOOK_NOT_SIGNED } from './webhook-routes.ts'
import { GATEWAY_UNAVAILABLE } from './routes.ts'
import { brazilDate } from '../../http/tmz.ts'
import { createAccount, createInstalment, createPayableOrder, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import { testCard } from '../../test/cards.ts'
import { startPaymentProviderStandIn, type PaymentProviderStandIn } from '../../test/stand-ins/payment-provider.ts'
import { CARD_TEXTS } from './card.ts'
import { brCodeChecks } from './pix.ts'
import { declineReason, PIX_PROVIDER_UNAVAILABLE, webhookSignatureValid, WEBHOOK_TOLERANCE_SECONDS } from './provider.ts'

/**
 * The payment provider's adapter (D13), the whole server configured with it against
 * the provider's local stand-in: cards charged there, Pix charges registered there and
 * confirmed by its signed webhook over real HTTP, on the run's database engine.
 */

let provider: PaymentProviderStandIn
let t: TestApp
let drive: string
const logLines: string[] = []
/** One call to the stand-in may take this long before it counts as lost. */
const TIMEOUT_MS = 400

beforeAll(async () => {
  provider = await startPaymentProviderStandIn()
  t = await createTestApp(
    {
      logLevel: 'trace',
      paymentProvider: { url: provider.url, token: provider.token, webhookSecret: provider.webhookSecret, timeoutMs: TIMEOUT_MS },
    },
    { logStream: new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }) },
  )
  drive = t.app.basePaths.drive
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  provider.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${drive}/pagamentos/webhook/pix/`
})
afterAll(async () => {
  await t?.close()
  await provider?.close()
})

function payByCard(account: TestAccount, id: number, body: PagamentoCartaoIn = testCard()) {
  return t.app.inject(
    jsonRequest('POST', `${drive}/financeiro-parcelas/${id}/cobranca/execute/cartao-credito/portal/`, body, bearer(account.token)),
  )
}

function askPix(account: TestAccount, id: number) {
  return t.app.inject({
    method: 'GET',
    url: `${drive}/financeiro-parcelas/${id}/cobranca/execute/pix/portal/`,
    headers: bearer(account.token),
  })
}

async function studentWithInstalment(valorCentavos = 45_100) {
  const student = await createAccount(t.app, t.db)
  const parcela = await createInstalment(t.db, student.id, { valorCentavos })
  return { student, parcela }
}

async function instalmentRow(id: number) {
  const [row] = await t.db.orm.select().from(parcelas).where(eq(parcelas.id, id))
  return row!
}

const chargesOf = (parcelaId: number) => t.db.orm.select().from(cobrancas).where(eq(cobrancas.parcelaId, parcelaId)).orderBy(cobrancas.id)

/** The stand-in's record of the charges made for this reference (our txid). */
const atProvider = (reference: string) => provider.charges.filter((charge) => charge.reference === reference)

/** The requests the stand-in received since `start` to `path`. */
const requestsTo = (start: number, path: RegExp) => provider.requests.slice(start).filter((request) => path.test(request.path))

describe('cards through the provider', () => {
  it('approved: 201, the instalment paid once, the charge at the provider with the amount, instalments and our txid as key', async () => {
    const { student, parcela } = await studentWithInstalment(45_100)
    const start = provider.requests.length
    const response = await payByCard(student, parcela.id, testCard({ parcelas: 2 }))
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<PagamentoCartao>()).toMatchObject({
      parcela_id: parcela.id,
      valor: 45_100,
      parcelas: 2,
      bandeira: 'mastercard',
      final: '4444',
    })

    const [row] = await chargesOf(parcela.id)
    expect(row).toMatchObject({ metodo: 'cartao', status: 'pago', valorCentavos: 45_100 })
    expect(atProvider(row!.txid)).toEqual([
      expect.objectContaining({ amount: 45_100, installments: 2, last4: '4444', status: 'approved', authorizationCode: row!.autorizacao }),
    ])
    const [sent] = requestsTo(start, /^\/v1\/charges$/)
    expect(sent!.idempotencyKey).toBe(row!.txid)
    // The card travels to the provider, in the charge's body, and only there.
    expect(JSON.parse(sent!.body)).toMatchObject({ card: { number: '5555555555554444', cvv: '739', holder_name: 'PESSOA DE TESTE' } })
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: brazilDate(new Date()), valorPagoCentavos: 45_100 })
  })

  it('declined: 402 with the return code in Portuguese, a recusado row, nothing paid', async () => {
    const cases: [string, string][] = [
      ['4000000000000002', CARD_TEXTS.declined],
      ['4000000000009995', CARD_TEXTS.insufficientFunds],
      ['4000000000000127', CARD_TEXTS.invalidCvv],
      // Fraud suspicion: the generic refusal, the reason is the bank's to tell.
      ['4000000000000119', CARD_TEXTS.declined],
    ]
    for (const [numero, detail] of cases) {
      const { student, parcela } = await studentWithInstalment()
      const response = await payByCard(student, parcela.id, testCard({ numero, cvv: '123' }))
      expect(response.statusCode, numero).toBe(402)
      expect(response.json()).toEqual({ detail })
      const rows = await chargesOf(parcela.id)
      expect(rows.map((row) => [row.status, row.recusa, row.pagoEm])).toEqual([['recusado', detail, null]])
      expect(atProvider(rows[0]!.txid).map((charge) => charge.status)).toEqual(['declined'])
      expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
    }
  })

  it('an answer lost once: the same key is sent again and the provider answers the first charge, so the card is charged once', async () => {
    const { student, parcela } = await studentWithInstalment()
    const start = provider.requests.length
    provider.failNext('lose-answer')
    const response = await payByCard(student, parcela.id)
    expect(response.statusCode, response.body).toBe(201)
    const [row] = await chargesOf(parcela.id)
    const sent = requestsTo(start, /^\/v1\/charges$/)
    expect(sent.map((request) => request.idempotencyKey)).toEqual([row!.txid, row!.txid])
    expect(atProvider(row!.txid)).toHaveLength(1)
    expect(atProvider(row!.txid)[0]!.status).toBe('approved')
    expect((await instalmentRow(parcela.id)).pagoEm).not.toBeNull()
  })

  it.each([
    ['a provider that does not answer in time', 'hang' as const],
    ['a provider answering 500', 'error500' as const],
  ])('%s: 502 with a text to try again, nothing recorded, nothing paid', async (_label, failure) => {
    const { student, parcela } = await studentWithInstalment()
    provider.failNext(failure, 2)
    const started = Date.now()
    const response = await payByCard(student, parcela.id)
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ detail: GATEWAY_UNAVAILABLE, request_id: response.headers['x-request-id'] })
    // Two attempts and the void, each within the timeout.
    expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS + 2000)
    expect(await chargesOf(parcela.id)).toEqual([])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
    // Trying again works.
    expect((await payByCard(student, parcela.id)).statusCode).toBe(201)
  })

  it('charged but every answer lost: the charge is voided at the provider, 502, nothing paid here', async () => {
    const { student, parcela } = await studentWithInstalment()
    const start = provider.requests.length
    provider.failNext('lose-answer', 2)
    const response = await payByCard(student, parcela.id)
    expect(response.statusCode).toBe(502)
    const [sent] = requestsTo(start, /^\/v1\/charges$/)
    const reference = sent!.idempotencyKey!
    expect(atProvider(reference).map((charge) => charge.status)).toEqual(['voided'])
    expect(requestsTo(start, /\/void$/).map((request) => request.path)).toEqual([`/v1/charges/${reference}/void`])
    // The reference is logged for the school to look up at the provider.
    const logged = logLines
      .filter((line) => line.includes('card charge outcome unknown'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged).toContainEqual(expect.objectContaining({ reference, void: 'voided', providerError: 'ProviderUnreachable' }))
    expect(await chargesOf(parcela.id)).toEqual([])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
  })
})

describe('Pix through the provider, confirmed by its signed webhook', () => {
  async function pendingPix(valorCentavos = 45_100) {
    const { student, parcela } = await studentWithInstalment(valorCentavos)
    const response = await askPix(student, parcela.id)
    expect(response.statusCode, response.body).toBe(200)
    return { student, parcela, cobranca: response.json<CobrancaPix>() }
  }

  it("registers the charge at the provider under our txid and answers the provider's BR Code", async () => {
    const before = Date.now()
    const { parcela, cobranca } = await pendingPix(45_100)
    const atPsp = provider.pixCharges.get(cobranca.txid)!
    expect(atPsp).toMatchObject({ amount: 45_100, key: t.config.pix.key })
    expect(cobranca).toMatchObject({ status: 'pendente', valor: 45_100, copia_e_cola: atPsp.copiaECola })
    expect(brCodeChecks(cobranca.copia_e_cola)).toBe(true)
    // A dynamic code: the provider's location, not our key.
    expect(cobranca.copia_e_cola).toContain(`${new URL(provider.url).host}/pix/v2/`)
    expect(Math.abs(atPsp.expiresAt.getTime() - Date.parse(cobranca.expira_em))).toBeLessThan(2000)
    expect(Date.parse(cobranca.expira_em)).toBeGreaterThan(before)
    expect((await chargesOf(parcela.id)).map((row) => [row.status, row.copiaECola])).toEqual([['pendente', atPsp.copiaECola]])
  })

  it('the webhook pays the instalment; the same delivery again, and several at once, change nothing more', async () => {
    const { student, parcela, cobranca } = await pendingPix(44_100)
    const delivery = provider.pixDelivery(cobranca.txid)
    expect(await provider.deliver(delivery)).toEqual({
      status: 200,
      body: { resultados: [{ txid: cobranca.txid, resultado: 'confirmado' }] },
    })
    expect(await instalmentRow(parcela.id)).toMatchObject({ pagoEm: brazilDate(new Date()), valorPagoCentavos: 44_100 })
    const paid = (await askPix(student, parcela.id)).json<CobrancaPix>()
    expect(paid).toMatchObject({ txid: cobranca.txid, status: 'pago' })

    const again = await Promise.all([
      provider.deliver(delivery),
      provider.deliver(delivery),
      provider.deliver(provider.pixDelivery(cobranca.txid)),
    ])
    expect(again.map((answer) => [answer.status, answer.body])).toEqual(
      Array.from({ length: 3 }, () => [200, { resultados: [{ txid: cobranca.txid, resultado: 'ja-confirmado' }] }]),
    )
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pago'])
    expect(await instalmentRow(parcela.id)).toMatchObject({ valorPagoCentavos: 44_100 })
  })

  it('deliveries arriving at the same time confirm once', async () => {
    const { parcela, cobranca } = await pendingPix()
    const answers = await Promise.all(Array.from({ length: 4 }, () => provider.deliver(provider.pixDelivery(cobranca.txid))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const resultados = answers.map((answer) => (answer.body as { resultados: { resultado: string }[] }).resultados[0]!.resultado).sort()
    expect(resultados).toEqual(['confirmado', 'ja-confirmado', 'ja-confirmado', 'ja-confirmado'])
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pago'])
    expect((await instalmentRow(parcela.id)).pagoEm).toBe(brazilDate(new Date()))
  })

  it('a delivery not signed by the provider is refused 401 and pays nothing', async () => {
    const { parcela, cobranca } = await pendingPix()
    const good = provider.pixDelivery(cobranca.txid)
    const refused = [
      provider.pixDelivery(cobranca.txid, { secret: 'outro-segredo-que-o-provedor-nao-tem-0123456789' }),
      // Signed, then changed on the way.
      { ...good, body: `${good.body} ` },
      // Signed too long ago: a replay of an old delivery.
      provider.pixDelivery(cobranca.txid, { signedAt: new Date(Date.now() - (WEBHOOK_TOLERANCE_SECONDS + 60) * 1000) }),
      { body: good.body, signature: '' },
      { body: good.body, signature: 't=1,v1=zz' },
    ]
    for (const delivery of refused) {
      const answer = await provider.deliver(delivery)
      expect(answer, delivery.signature).toEqual({ status: 401, body: { detail: WEBHOOK_NOT_SIGNED } })
    }
    // Not even a malformed body gets past the signature.
    const garbage = await provider.deliver({ body: '{"pix": [', signature: 't=1,v1=00' })
    expect(garbage).toEqual({ status: 401, body: { detail: WEBHOOK_NOT_SIGNED } })
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pendente'])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
  })

  it('a signed body that is not a notification: 422 with the detail; an unknown txid is ignored (200); another amount is not paid', async () => {
    const { parcela, cobranca } = await pendingPix(45_100)
    const signed = (body: string) => {
      const delivery = provider.pixDelivery(cobranca.txid)
      // Re-sign the new body with the provider's secret, as the provider would sign it.
      const timestamp = /t=(\d+)/.exec(delivery.signature)![1]!
      return { body, signature: signWith(provider.webhookSecret, timestamp, body) }
    }
    const bad = await provider.deliver(signed(JSON.stringify({ pix: [{ txid: cobranca.txid, valor: '451' }] })))
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.body)).toContain('endToEndId')
    const malformed = await provider.deliver(signed('{"pix": ['))
    expect(malformed.status).toBe(422)
    expect(malformed.body).toEqual({ detail: [{ loc: ['body'], msg: 'JSON inválido', type: 'json_invalid' }] })

    const unknown = await provider.deliver(provider.pixDelivery('X'.repeat(25)))
    expect(unknown).toEqual({ status: 200, body: { resultados: [{ txid: 'X'.repeat(25), resultado: 'desconhecido' }] } })
    const other = await provider.deliver(provider.pixDelivery(cobranca.txid, { valor: '1.00' }))
    expect(other).toEqual({ status: 200, body: { resultados: [{ txid: cobranca.txid, resultado: 'valor-divergente' }] } })
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pendente'])
    expect((await instalmentRow(parcela.id)).pagoEm).toBeNull()
  })

  it('a Pix made in time and delivered after the code expired still pays; one made after is refused (expirado)', async () => {
    const late = await pendingPix()
    // The code ran out a second ago; the bank settled the Pix a minute ago, in time.
    await t.db.orm
      .update(cobrancas)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(cobrancas.id, late.cobranca.id))
    const horario = new Date(Date.now() - 60_000)
    expect((await provider.deliver(provider.pixDelivery(late.cobranca.txid, { horario }))).body).toEqual({
      resultados: [{ txid: late.cobranca.txid, resultado: 'confirmado' }],
    })
    expect((await instalmentRow(late.parcela.id)).pagoEm).toBe(brazilDate(horario))

    const tooLate = await pendingPix()
    await t.db.orm
      .update(cobrancas)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(cobrancas.id, tooLate.cobranca.id))
    expect((await provider.deliver(provider.pixDelivery(tooLate.cobranca.txid))).body).toEqual({
      resultados: [{ txid: tooLate.cobranca.txid, resultado: 'expirado' }],
    })
    expect((await instalmentRow(tooLate.parcela.id)).pagoEm).toBeNull()
  })

  it('a provider that cannot make the charge: 502 with a text to try again, no charge recorded', async () => {
    const { student, parcela } = await studentWithInstalment()
    provider.failNext('error500', 2)
    const response = await askPix(student, parcela.id)
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ detail: PIX_PROVIDER_UNAVAILABLE, request_id: response.headers['x-request-id'] })
    expect(await chargesOf(parcela.id)).toEqual([])
    // Asked again, the charge is made.
    expect((await askPix(student, parcela.id)).statusCode).toBe(200)
    expect((await chargesOf(parcela.id)).map((row) => row.status)).toEqual(['pendente'])
  })

  it("an order's Pix, registered at the provider and confirmed by the webhook, moves the order 1 → 2 once", async () => {
    const student = await createAccount(t.app, t.db)
    const pedido = await createPayableOrder(t.db, student.id)
    const asked = await t.app.inject({
      method: 'GET',
      url: `${drive}/pre-invoice/${pedido}/cobranca/execute/pix/portal/`,
      headers: bearer(student.token),
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const cobranca = asked.json<CobrancaPix>()
    // Three books at R$ 411,00 (createPayableOrder).
    expect(provider.pixCharges.get(cobranca.txid)).toMatchObject({ amount: 123_300 })
    const deliveries = await Promise.all([
      provider.deliver(provider.pixDelivery(cobranca.txid)),
      provider.deliver(provider.pixDelivery(cobranca.txid)),
    ])
    expect(deliveries.map((answer) => (answer.body as { resultados: { resultado: string }[] }).resultados[0]!.resultado).sort()).toEqual([
      'confirmado',
      'ja-confirmado',
    ])
    const [order] = await t.db.orm.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, pedido))
    expect(order!.status).toBe(2)
  })

  it('/dev/pix still lists and confirms a charge the provider made (the demo)', async () => {
    const { parcela, cobranca } = await pendingPix()
    const page = await t.app.inject({ method: 'GET', url: '/dev/pix' })
    expect(page.body).toContain(cobranca.txid)
    const confirmed = await t.app.inject({ method: 'POST', url: `/dev/pix/confirm/${cobranca.txid}` })
    expect(confirmed.json()).toEqual({ confirmed: true })
    expect((await instalmentRow(parcela.id)).pagoEm).not.toBeNull()
  })
})

function signWith(secret: string, timestamp: string, body: string): string {
  return `t=${timestamp},v1=${createHmacHex(secret, `${timestamp}.${body}`)}`
}

function createHmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

describe('logs', () => {
  it('never hold a card number, a CVV, the token or the webhook secret', async () => {
    const { student, parcela } = await studentWithInstalment()
    const start = logLines.length
    await payByCard(student, parcela.id, testCard({ numero: '4000000000009995', cvv: '862' }))
    provider.failNext('error500', 2)
    await payByCard(student, parcela.id, testCard({ numero: '6362970000457013', cvv: '862' }))
    expect((await payByCard(student, parcela.id, testCard({ numero: '6362970000457013', cvv: '862' }))).statusCode).toBe(201)
    const lines = logLines.slice(start)
    expect(lines.some((line) => line.includes('card gateway failed'))).toBe(true)
    expect(lines.some((line) => line.includes('ProviderFailed'))).toBe(true)
    for (const line of lines) {
      expect(line).not.toMatch(/4000000000009995|6362970000457013/)
      // A request id is random hex and may hold those digits; it is not the card's.
      expect(line.replace(/"reqId":"[^"]*"/g, '')).not.toMatch(/(?<!\d)862(?!\d)/)
      expect(line).not.toContain('PESSOA DE TESTE')
    }
    for (const line of logLines) {
      expect(line).not.toContain(provider.token)
      expect(line).not.toContain(provider.webhookSecret)
      expect(line).not.toMatch(/5555555555554444|4000000000000002|4000000000000127/)
    }
  })
})

describe('webhookSignatureValid', () => {
  const secret = 'segredo-de-teste-com-mais-de-32-caracteres'
  const body = Buffer.from('{"pix":[]}')
  const now = new Date(Date.parse('2026-11-25T12:00:00Z'))
  const at = String(Math.floor(now.getTime() / 1000))
  const good = `t=${at},v1=${createHmacHex(secret, `${at}.${body.toString()}`)}`

  it('accepts the signature of these bytes at this time, one of several during a rotation, and nothing else', () => {
    expect(webhookSignatureValid(secret, good, body, now)).toBe(true)
    expect(webhookSignatureValid(secret, `t=${at},v1=${'0'.repeat(64)},${good.split(',')[1]}`, body, now)).toBe(true)
    expect(webhookSignatureValid(secret, good, Buffer.from('{"pix":[] }'), now)).toBe(false)
    expect(webhookSignatureValid(`${secret}x`, good, body, now)).toBe(false)
    expect(webhookSignatureValid(secret, good, body, new Date(now.getTime() + (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000))).toBe(false)
    expect(webhookSignatureValid(secret, undefined, body, now)).toBe(false)
    expect(webhookSignatureValid(secret, good, undefined, now)).toBe(false)
    expect(webhookSignatureValid(secret, `v1=${good.split('v1=')[1]}`, body, now)).toBe(false)
    expect(webhookSignatureValid(secret, good.toUpperCase(), body, now)).toBe(false)
  })
})

describe('declineReason', () => {
  it('says each return code in Portuguese, the generic refusal for codes the bank keeps to itself', () => {
    expect(declineReason('51')).toBe(CARD_TEXTS.insufficientFunds)
    expect(declineReason('54')).toBe(CARD_TEXTS.expired)
    expect(declineReason('78')).toBe('Cartão bloqueado. Fale com o banco emissor.')
    expect(declineReason('59')).toBe(CARD_TEXTS.declined)
    expect(declineReason('constructor')).toBe(CARD_TEXTS.declined)
    expect(declineReason(null)).toBe(CARD_TEXTS.declined)
  })
})

describe('configuration (PAYMENT_PROVIDER_*)', () => {
  const full = {
    PAYMENT_PROVIDER_URL: 'https://api.psp.example.com/',
    PAYMENT_PROVIDER_TOKEN: 'tok_live_abc',
    PAYMENT_WEBHOOK_SECRET: 'a'.repeat(32),
  }

  it('nothing set: no provider (the sandbox and local Pix); all set: the provider, URL without its slash, 8 s per call', () => {
    expect(loadConfig({}).paymentProvider).toBeNull()
    expect(loadConfig(full).paymentProvider).toEqual({
      url: 'https://api.psp.example.com',
      token: 'tok_live_abc',
      webhookSecret: 'a'.repeat(32),
      timeoutMs: 8000,
    })
    expect(
      loadConfig({ ...full, PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9999', PAYMENT_PROVIDER_TIMEOUT_MS: '500' }).paymentProvider,
    ).toMatchObject({
      url: 'http://127.0.0.1:9999',
      timeoutMs: 500,
    })
  })

  it('refuses plain http off the machine, a part without the others, a short secret', () => {
    expect(() => loadConfig({ ...full, PAYMENT_PROVIDER_URL: 'http://api.psp.example.com' })).toThrow(
      'Configuração inválida: PAYMENT_PROVIDER_URL deve ser https:// (o cartão viaja nela), exceto em localhost',
    )
    expect(() => loadConfig({ ...full, PAYMENT_PROVIDER_TOKEN: '' })).toThrow(
      'Configuração inválida: PAYMENT_PROVIDER_TOKEN é obrigatória quando PAYMENT_PROVIDER_URL é informada',
    )
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'a'.repeat(32) })).toThrow(
      'Configuração inválida: PAYMENT_PROVIDER_URL é obrigatória quando PAYMENT_WEBHOOK_SECRET é informada',
    )
    expect(() => loadConfig({ ...full, PAYMENT_WEBHOOK_SECRET: 'curto' })).toThrow(
      'Configuração inválida: PAYMENT_WEBHOOK_SECRET deve ter pelo menos 32 caracteres',
    )
  })
})
