import { describe, expect, it } from 'vitest'
import { centsFromMoneyInput, formatCurrency, formatMoneyInput, formatPercent, formatRate, moneyInputFromCents } from './money.ts'

describe('the money field', () => {
  it('fills from the cents as digits are typed', () => {
    expect(formatMoneyInput('')).toBe('')
    expect(formatMoneyInput('1')).toBe('0,01')
    expect(formatMoneyInput('0,012')).toBe('0,12')
    expect(formatMoneyInput('12345')).toBe('123,45')
    expect(formatMoneyInput('1.234,567')).toBe('12.345,67')
    expect(formatMoneyInput('10000000')).toBe('100.000,00')
  })

  it('skips what is not a digit, leading zeros, and digits past 9', () => {
    expect(formatMoneyInput('US$ 1a2')).toBe('0,12')
    expect(formatMoneyInput('000')).toBe('')
    expect(formatMoneyInput('1234567890')).toBe('1.234.567,89')
  })

  it('reads the cents back, none for an empty or zero field', () => {
    expect(centsFromMoneyInput('1.234,56')).toBe(123_456)
    expect(centsFromMoneyInput('0,01')).toBe(1)
    expect(centsFromMoneyInput('')).toBeNull()
    expect(centsFromMoneyInput('0,00')).toBeNull()
    expect(moneyInputFromCents(10_000)).toBe('100,00')
  })
})

describe('amounts, rates and IOF as the quote shows them', () => {
  it('writes each currency with its symbol and pt-BR digits', () => {
    expect(formatCurrency(123_456, 'BRL')).toBe('R$\u00a01.234,56')
    expect(formatCurrency(10_000, 'USD')).toBe('US$\u00a0100,00')
    expect(formatCurrency(16_237, 'EUR')).toBe('€\u00a0162,37')
    expect(formatCurrency(5, 'GBP')).toBe('£\u00a00,05')
  })

  it('keeps at least four decimals of a rate and all the server gave', () => {
    expect(formatRate(5.3412)).toBe('5,3412')
    expect(formatRate(7.02)).toBe('7,0200')
    expect(formatRate(6)).toBe('6,0000')
    expect(formatRate(5.123456)).toBe('5,123456')
    expect(formatPercent(1.1)).toBe('1,1')
  })
})
