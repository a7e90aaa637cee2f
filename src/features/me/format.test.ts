import { describe, expect, it } from 'vitest'
import { formatCep, formatCpf, formatPhone } from './format.ts'

describe('profile formats', () => {
  it('formats CPF, phone and CEP digits, leaving other text as is', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09')
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321')
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444')
    expect(formatCep('01310100')).toBe('01310-100')
    expect(formatCpf('123')).toBe('123')
  })
})
