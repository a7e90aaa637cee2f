import { describe, expect, it } from 'vitest'
import { brCode, crc16, emvText } from './brcode.ts'

/** The payload's TLV fields by id (one level), for reading a built code back. */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>()
  for (let at = 0; at < payload.length;) {
    const id = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    out.set(id, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return out
}

describe('crc16 (CRC16/CCITT-FALSE)', () => {
  it("gives the algorithm's check value", () => {
    expect(crc16('123456789')).toBe(0x29b1)
  })
})

describe('brCode', () => {
  it("reproduces the central bank manual's static example byte for byte", () => {
    expect(
      brCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: '***' }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    )
  })

  it('carries the amount from cents with two decimals, and a CRC that checks', () => {
    const payload = brCode({
      key: 'pix@example.com',
      merchantName: 'Escola Demonstração',
      merchantCity: 'São Paulo',
      txid: 'AbC123def456GHI789jkl0MNO',
      amountCents: 45105,
    })
    expect(payload).toBe(
      '00020126370014br.gov.bcb.pix0115pix@example.com5204000053039865406451.05' +
        '5802BR5919Escola Demonstracao6009Sao Paulo62290525AbC123def456GHI789jkl0MNO6304' +
        payload.slice(-4),
    )
    const read = fields(payload)
    expect(read.get('54')).toBe('451.05')
    expect(read.get('62')).toBe('0525AbC123def456GHI789jkl0MNO')
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'))
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/)
  })

  it('writes whole amounts and cents without float rounding', () => {
    const at = (amountCents: number) => fields(brCode({ key: 'k', merchantName: 'N', merchantCity: 'C', txid: 'T', amountCents })).get('54')
    expect(at(1)).toBe('0.01')
    expect(at(100)).toBe('1.00')
    expect(at(123456789)).toBe('1234567.89')
    expect(at(0)).toBeUndefined()
  })

  it('cuts the merchant name at 25 and the city at 15 characters, accents removed', () => {
    const read = fields(
      brCode({
        key: 'k',
        merchantName: 'Associação Educacional de Idiomas Ltda',
        merchantCity: 'São José dos Campos',
        txid: '***',
      }),
    )
    expect(read.get('59')).toBe('Associacao Educacional de')
    expect(read.get('60')).toBe('Sao Jose dos Ca')
    expect(emvText('Ação ✓ çà', 25)).toBe('Acao  ca')
  })

  it('refuses what a Pix app could not read', () => {
    const base = { key: 'k', merchantName: 'N', merchantCity: 'C', txid: 'T' }
    expect(() => brCode({ ...base, txid: 'a-b' })).toThrow(RangeError)
    expect(() => brCode({ ...base, txid: 'a'.repeat(26) })).toThrow(RangeError)
    expect(() => brCode({ ...base, key: 'x'.repeat(78) })).toThrow(RangeError)
    expect(() => brCode({ ...base, amountCents: 1.5 })).toThrow(RangeError)
  })
})
