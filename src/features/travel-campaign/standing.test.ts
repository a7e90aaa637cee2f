import { describe, expect, it } from 'vitest'
import { campaignStateOf } from './standing.ts'

describe('campaignStateOf (the period [inicio, fim) on the device clock)', () => {
  const campanha = { inicio: '2026-01-01T03:00:00.000Z', fim: '2026-06-01T03:00:00.000Z' }

  it('is open from the start, up to the end exclusive', () => {
    expect(campaignStateOf(campanha, Date.parse('2026-01-01T02:59:59.999Z'))).toBe('futura')
    expect(campaignStateOf(campanha, Date.parse('2026-01-01T03:00:00.000Z'))).toBe('aberta')
    expect(campaignStateOf(campanha, Date.parse('2026-06-01T02:59:59.999Z'))).toBe('aberta')
    expect(campaignStateOf(campanha, Date.parse('2026-06-01T03:00:00.000Z'))).toBe('encerrada')
  })
})
