import { describe, expect, it } from 'vitest'
import { optionalId } from './panel-paths.ts'

describe('the panel paths', () => {
  it('reads the {id?} of create, send, history, recompensas and intercambio: a positive whole number or none', async () => {
    expect(optionalId(undefined)).toBeUndefined()
    expect(optionalId('12')).toBe(12)
    expect(optionalId('abc')).toBeUndefined()
    expect(optionalId('nova')).toBeUndefined()
    expect(optionalId('0')).toBeUndefined()
    expect(optionalId('-3')).toBeUndefined()
    expect(optionalId('1.5')).toBeUndefined()
    expect(optionalId('99999999999')).toBeUndefined()
  })
})
