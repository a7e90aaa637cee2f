import { describe, expect, it } from 'vitest'
import { formatClock } from '../../ui/format.ts'
import { quoteDeadline } from './quote-validity.ts'

describe('a quote’s 15 minutes on this device', () => {
  const quote = { cotada_em: '2026-11-23T17:20:00.000Z', valida_ate: '2026-11-23T17:35:00.000Z' }

  it('counts the server’s 15 minutes from the moment the answer arrived', () => {
    const receivedAt = Date.parse('2026-11-23T17:20:01.000Z')
    expect(quoteDeadline(quote, receivedAt)).toBe(receivedAt + 15 * 60_000)
  })

  it('does not trust a device clock that is off: 15 minutes even when it runs an hour late', () => {
    const receivedAt = Date.parse('2026-11-23T16:20:00.000Z')
    expect(quoteDeadline(quote, receivedAt) - receivedAt).toBe(15 * 60_000)
  })

  it('shows the server’s end as hours and minutes of the device’s zone', () => {
    const end = new Date(quote.valida_ate)
    const expected = `${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}`
    expect(formatClock(quote.valida_ate)).toBe(expected)
    expect(formatClock(quote.valida_ate)).toMatch(/^\d\d:35$/)
  })
})
