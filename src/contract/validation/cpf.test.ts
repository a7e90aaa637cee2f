import { describe, expect, it } from 'vitest'
import { isValidCpf } from './cpf.ts'

describe('isValidCpf', () => {
  it('accepts valid CPFs, plain or masked', () => {
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('12345678909')).toBe(true)
    // first check digit is 0 (remainder 10 -> 0)
    expect(isValidCpf('11144477735')).toBe(true)
    expect(isValidCpf(' 111.444.777-35 ')).toBe(true)
  })

  it('rejects a wrong first or second check digit', () => {
    expect(isValidCpf('52998224715')).toBe(false)
    expect(isValidCpf('52998224726')).toBe(false)
    expect(isValidCpf('12345678900')).toBe(false)
  })

  it('rejects repeated digits, wrong lengths and malformed text', () => {
    for (const d of '0123456789') expect(isValidCpf(d.repeat(11))).toBe(false)
    expect(isValidCpf('')).toBe(false)
    expect(isValidCpf('5299822472')).toBe(false)
    expect(isValidCpf('529982247250')).toBe(false)
    expect(isValidCpf('529.982.247.25')).toBe(false)
    expect(isValidCpf('5299822472a')).toBe(false)
  })
})
