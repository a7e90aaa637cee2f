import { describe, expect, it } from 'vitest'
import { CARD_TEXTS, cardBrand, cardExpired, cardProblem, cvvFits, luhnValid, sandboxGateway, type CardChargeInput } from './card.ts'

describe('luhnValid', () => {
  it('accepts numbers whose check digit holds and refuses the rest', () => {
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005', '6362970000457013', '4000000000000002']) {
      expect(luhnValid(number), number).toBe(true)
    }
    for (const number of ['4111111111111112', '5555555555554445', '1234567890123', '']) expect(luhnValid(number), number).toBe(false)
    expect(luhnValid('4111 1111 1111 1111')).toBe(false)
  })
})

describe('cardBrand', () => {
  it('reads the brand from the first digits, Elo and Hipercard before Visa and Mastercard', () => {
    expect(cardBrand('4111111111111111')).toBe('visa')
    expect(cardBrand('5555555555554444')).toBe('mastercard')
    expect(cardBrand('2223003122003222')).toBe('mastercard')
    expect(cardBrand('378282246310005')).toBe('amex')
    expect(cardBrand('341111111111111')).toBe('amex')
    expect(cardBrand('6362970000457013')).toBe('elo')
    expect(cardBrand('5067224275805500')).toBe('elo')
    // Elo BINs that start like Visa.
    expect(cardBrand('4011780000000000')).toBe('elo')
    expect(cardBrand('6062825624254001')).toBe('hipercard')
    expect(cardBrand('6011111111111117')).toBe('outra')
  })

  it('follows the maintained ranges: Elo 6509xx past the old copy, Hiper as Hipercard, brands we do not name as outra', () => {
    expect(cardBrand('6509500000000000')).toBe('elo')
    expect(cardBrand('6370950000000005')).toBe('hipercard')
    expect(cardBrand('5066991111111118')).toBe('elo')
    expect(cardBrand('36259600000004')).toBe('outra')
    expect(cardBrand('3530111333300000')).toBe('outra')
    // The last Mastercard 2-series BIN and the first after it.
    expect(cardBrand('2720990000000000')).toBe('mastercard')
    expect(cardBrand('2721000000000000')).toBe('outra')
  })
})

describe('cvvFits', () => {
  it('wants 4 digits on an Amex card and 3 on the others', () => {
    expect(cvvFits('amex', '1234')).toBe(true)
    expect(cvvFits('amex', '123')).toBe(false)
    expect(cvvFits('visa', '123')).toBe(true)
    expect(cvvFits('visa', '1234')).toBe(false)
  })
})

describe('cardExpired', () => {
  const now = new Date('2026-11-25T15:00:00Z')
  it('keeps a card valid through its expiry month', () => {
    expect(cardExpired(11, 2026, now)).toBe(false)
    expect(cardExpired(12, 2026, now)).toBe(false)
    expect(cardExpired(1, 2027, now)).toBe(false)
    expect(cardExpired(10, 2026, now)).toBe(true)
    expect(cardExpired(12, 2025, now)).toBe(true)
  })

  it("counts the month in Brazil's calendar", () => {
    // 02:00 UTC on 1 December is still 30 November in São Paulo.
    expect(cardExpired(11, 2026, new Date('2026-12-01T02:00:00Z'))).toBe(false)
    expect(cardExpired(11, 2026, new Date('2026-12-01T03:00:00Z'))).toBe(true)
  })
})

describe('the sandbox gateway (D13)', () => {
  const now = new Date('2026-11-25T15:00:00Z')
  const gateway = sandboxGateway(() => now)
  const card = (overrides: Partial<CardChargeInput> = {}): CardChargeInput => ({
    reference: 'A'.repeat(25),
    amountCents: 45100,
    installments: 1,
    installmentAmountsCents: [45100],
    holder: 'ANA B SOUZA',
    number: '4111111111111111',
    expiryMonth: 12,
    expiryYear: 2027,
    cvv: '123',
    ...overrides,
  })

  it('approves the test cards that approve, with an authorization code', async () => {
    for (const number of ['4111111111111111', '5555555555554444', '6362970000457013', '6062825624254001']) {
      const result = await gateway.charge(card({ number }))
      expect(result, number).toEqual({ approved: true, authorization: expect.stringMatching(/^[0-9A-F]{6}$/) })
    }
    expect(await gateway.charge(card({ number: '378282246310005', cvv: '1234' }))).toMatchObject({ approved: true })
  })

  it('declines the documented test numbers with their reasons', async () => {
    expect(await gateway.charge(card({ number: '4000000000000002' }))).toEqual({ approved: false, reason: CARD_TEXTS.declined })
    expect(await gateway.charge(card({ number: '4000000000009995' }))).toEqual({ approved: false, reason: CARD_TEXTS.insufficientFunds })
    expect(CARD_TEXTS.declined).toBe('Cartão recusado pelo banco emissor.')
    expect(CARD_TEXTS.insufficientFunds).toBe('Saldo ou limite insuficiente.')
  })

  it('validates number, expiry and CVV before anything else', async () => {
    expect(await gateway.charge(card({ number: '4111111111111112' }))).toEqual({ approved: false, reason: 'Número de cartão inválido.' })
    expect(await gateway.charge(card({ expiryMonth: 10, expiryYear: 2026 }))).toEqual({ approved: false, reason: 'Cartão vencido.' })
    expect(await gateway.charge(card({ cvv: '1234' }))).toEqual({ approved: false, reason: 'CVV inválido.' })
    expect(await gateway.charge(card({ number: '378282246310005', cvv: '123' }))).toEqual({ approved: false, reason: 'CVV inválido.' })
    // A refused test number is still checked first: expired wins over its own reason.
    expect(await gateway.charge(card({ number: '4000000000000002', expiryYear: 2020 }))).toEqual({
      approved: false,
      reason: 'Cartão vencido.',
    })
    expect(cardProblem(card(), now)).toBeNull()
  })

  it('takes the card instalments with their amounts, and refuses a split that does not add up to the amount', async () => {
    const split = {
      amountCents: 123_300,
      installments: 7,
      installmentAmountsCents: [17_614, 17_614, 17_614, 17_614, 17_614, 17_614, 17_616],
    }
    expect(await gateway.charge(card(split))).toMatchObject({ approved: true })
    await expect(gateway.charge(card({ ...split, installmentAmountsCents: split.installmentAmountsCents.slice(1) }))).rejects.toThrow(
      RangeError,
    )
    await expect(gateway.charge(card({ ...split, amountCents: 123_301 }))).rejects.toThrow(RangeError)
  })
})
