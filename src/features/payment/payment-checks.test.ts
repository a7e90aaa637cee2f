import { describe, expect, it } from 'vitest'
import { validate } from './card-panel.tsx'
import { formatRemaining } from './pix-panel.tsx'

const t = (key: string) => key
const NOW = new Date(2026, 10, 25) // November 2026
const GOOD = { titular: 'Ana B Souza', numero: '4111 1111 1111 1111', mes: '11', ano: '2026', cvv: '123', parcelas: '1' }

describe('the card form checks, before anything leaves the device', () => {
  it('accepts a complete card that expires this month', () => {
    expect(validate(GOOD, NOW, t)).toEqual({})
  })

  it('names each missing field', () => {
    expect(validate({ titular: '', numero: '', mes: '', ano: '', cvv: '', parcelas: '1' }, NOW, t)).toEqual({
      titular: 'card.required',
      numero: 'card.required',
      mes: 'card.required',
      ano: 'card.required',
      cvv: 'card.required',
    })
  })

  it('refuses a short number, a 2-digit CVV and a card that expired last month', () => {
    expect(validate({ ...GOOD, numero: '4111 1111', cvv: '12', mes: '10' }, NOW, t)).toEqual({
      numero: 'card.invalidNumber',
      cvv: 'card.invalidCvv',
      mes: 'card.expired',
    })
  })
})

describe('the Pix countdown', () => {
  it('shows minutes and seconds, never below zero', () => {
    expect(formatRemaining(30 * 60_000)).toBe('30:00')
    expect(formatRemaining(65_500)).toBe('1:06')
    expect(formatRemaining(-5_000)).toBe('0:00')
  })
})
