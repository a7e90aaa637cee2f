import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PagamentoCartaoIn } from '../../../src/contract/schemas/pagamento.ts'
import { loginAttempts } from '../auth/login-failures-schema.ts'
import { createAccount, createInstalment, createPayableOrder, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { testCard, VISA } from '../../test/cards.ts'
import { CARD_ATTEMPT_LIMIT } from './routes.ts'

/**
 * Card payment attempts per student, on the login attempts' counters: five
 * without success per 15 minutes, the instalments' and the orders' endpoints together; an
 * approved payment is not a failure.
 */
const t = testAppForFile()
let drive: string

beforeAll(async () => {
  drive = t.app.basePaths.drive
})

const APPROVED = testCard({ numero: VISA, cvv: '123' })
const DECLINED: PagamentoCartaoIn = { ...APPROVED, numero: '4000000000000002' }
/** The check digit is wrong: refused before any charge (422), counted all the same. */
const INVALID: PagamentoCartaoIn = { ...APPROVED, numero: '4111111111111112' }

const payInstalment = (account: TestAccount, id: number, card: PagamentoCartaoIn) =>
  t.app.inject(
    jsonRequest('POST', `${drive}/financeiro-parcelas/${id}/cobranca/execute/cartao-credito/portal/`, card, bearer(account.token)),
  )
const payOrder = (account: TestAccount, id: number, card: PagamentoCartaoIn) =>
  t.app.inject(jsonRequest('POST', `${drive}/pre-invoice/${id}/cobranca/execute/cartao-credito/portal/`, card, bearer(account.token)))

/** A student with an instalment and an order waiting for payment. */
async function student() {
  const account = await createAccount(t.app, t.db)
  const parcela = await createInstalment(t.db, account.id)
  return { account, parcela: parcela.id, pedido: await createPayableOrder(t.db, account.id) }
}

const LIMITED = /^Muitas tentativas de pagamento com cartão sem sucesso\. Aguarde 15 minutos e tente novamente\.$/

describe('card payment attempts per student', () => {
  it('the 6th attempt after five failures on both endpoints is refused with 429 and when to try again, without reaching the gateway', async () => {
    const { account, parcela, pedido } = await student()
    expect(CARD_ATTEMPT_LIMIT).toBe(5)
    const failures = [
      await payInstalment(account, parcela, DECLINED),
      await payOrder(account, pedido, DECLINED),
      await payInstalment(account, parcela, INVALID),
      await payOrder(account, pedido, DECLINED),
      await payInstalment(account, parcela, DECLINED),
    ]
    expect(failures.map((answer) => answer.statusCode)).toEqual([402, 402, 422, 402, 402])

    // Even a good card now waits: the limit is the student's, not the card's.
    const charge = vi.spyOn(t.app.payments.card, 'charge')
    const sixth = await payOrder(account, pedido, APPROVED)
    const charged = charge.mock.calls.length
    charge.mockRestore()
    expect(charged).toBe(0)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json<{ detail: string }>().detail).toMatch(LIMITED)
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
    expect((await payInstalment(account, parcela, APPROVED)).statusCode).toBe(429)

    // Another student is not affected.
    const other = await student()
    expect((await payInstalment(other.account, other.parcela, APPROVED)).statusCode).toBe(201)

    // The window passes (the counters' clock moved back 16 minutes): the student may pay again.
    await t.db.orm.update(loginAttempts).set({ windowStart: sql`now() - interval '16 minutes'` })
    expect((await payOrder(account, pedido, APPROVED)).statusCode).toBe(201)
    expect((await payInstalment(account, parcela, APPROVED)).statusCode).toBe(201)
  })

  it('an approved payment is not a failure: four declines, one approval, then one more decline is still answered', async () => {
    const { account, parcela, pedido } = await student()
    for (let index = 0; index < 4; index++) expect((await payInstalment(account, parcela, DECLINED)).statusCode).toBe(402)
    expect((await payInstalment(account, parcela, APPROVED)).statusCode).toBe(201)
    // A payment of something already paid is no failure of the card either.
    expect((await payInstalment(account, parcela, APPROVED)).statusCode).toBe(409)
    expect((await payOrder(account, pedido, DECLINED)).statusCode).toBe(402)
    const limited = await payOrder(account, pedido, APPROVED)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ detail: string }>().detail).toMatch(LIMITED)
  })

  it('five attempts at the same time are all answered, a sixth at once is refused', async () => {
    const { account, parcela } = await student()
    const answers = await Promise.all(Array.from({ length: 6 }, () => payInstalment(account, parcela, DECLINED)))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([402, 402, 402, 402, 402, 429])
  })
})
