import { describe, expect, it } from 'vitest'
import { applyMask, caretAfterDigits, digitsBefore, MASKS, pickMask, unmask } from './mask.ts'

describe('applyMask', () => {
  it('formats a full CPF, CEP and mobile phone', () => {
    expect(applyMask(MASKS.cpf, '12345678909')).toBe('123.456.789-09')
    expect(applyMask(MASKS.cep, '01310100')).toBe('01310-100')
    expect(applyMask(MASKS.mobile, '11987654321')).toBe('(11) 98765-4321')
  })

  it('formats partial input without trailing literals', () => {
    expect(applyMask(MASKS.cpf, '')).toBe('')
    expect(applyMask(MASKS.cpf, '1')).toBe('1')
    expect(applyMask(MASKS.cpf, '123')).toBe('123')
    expect(applyMask(MASKS.cpf, '1234')).toBe('123.4')
    expect(applyMask(MASKS.mobile, '1')).toBe('(1')
    expect(applyMask(MASKS.mobile, '11')).toBe('(11')
    expect(applyMask(MASKS.mobile, '119')).toBe('(11) 9')
  })

  it('is idempotent on already masked text', () => {
    const once = applyMask(MASKS.cpf, '12345678909')
    expect(applyMask(MASKS.cpf, once)).toBe(once)
    expect(applyMask(MASKS.mobile, '(11) 98765-4321')).toBe('(11) 98765-4321')
  })

  it('drops non-digits and digits beyond the mask', () => {
    expect(applyMask(MASKS.cep, 'ab01310-100xyz')).toBe('01310-100')
    expect(applyMask(MASKS.cep, '013101009999')).toBe('01310-100')
    expect(applyMask(MASKS.cpf, 'abc')).toBe('')
  })

  it('re-inserts a literal the user deleted in the middle', () => {
    // "123.456" with the dot removed
    expect(applyMask(MASKS.cpf, '123456')).toBe('123.456')
  })

  it('lets backspace remove a trailing literal', () => {
    // "(11) 9" minus the 9 gives "(11) " which must not stay stuck on ") "
    expect(applyMask(MASKS.mobile, '(11) ')).toBe('(11')
  })

  it('picks the mask that fits the number of digits from a list', () => {
    expect(applyMask(MASKS.phone, '1133334444')).toBe('(11) 3333-4444')
    expect(applyMask(MASKS.phone, '11987654321')).toBe('(11) 98765-4321')
    expect(applyMask(MASKS.phone, '119876543210')).toBe('(11) 98765-4321')
    expect(pickMask(MASKS.phone, 0)).toBe('(##) ####-####')
  })
})

describe('caret helpers', () => {
  it('counts digits before the caret and finds the same place after masking', () => {
    // user typed "5" after "123." -> raw "123.54" caret 5 (after the 5)
    const raw = '123.5'
    const count = digitsBefore(raw, 5)
    expect(count).toBe(4)
    const masked = applyMask(MASKS.cpf, '1235')
    expect(caretAfterDigits(masked, count)).toBe(5)
    // caret in the middle of a phone number
    expect(caretAfterDigits('(11) 98765-4321', 3)).toBe(6)
    expect(caretAfterDigits('(11) 98765-4321', 0)).toBe(1)
    expect(caretAfterDigits('', 0)).toBe(0)
    expect(caretAfterDigits('12', 9)).toBe(2)
  })

  it('unmask keeps digits only', () => {
    expect(unmask('(11) 98765-4321')).toBe('11987654321')
  })
})
