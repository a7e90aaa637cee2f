import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../api/schemas/user.ts'
import { demoStudent } from '../api/schemas/user.fixture.ts'
import { needsRegistrationUpdate } from './registration-rules.ts'

const now = new Date('2026-11-22T12:00:00Z')
const complete: CurrentUser = demoStudent({ updated_at: '2026-10-01T00:00:00Z' })

describe('needsRegistrationUpdate (SPEC §4)', () => {
  it('is false for a complete, recent registration', () => {
    expect(needsRegistrationUpdate(complete, now)).toBe(false)
  })
  it.each(['phone', 'cep', 'cpf', 'email', 'full_name', 'street_number', 'street'] as const)('is true when %s is empty', (field) => {
    expect(needsRegistrationUpdate({ ...complete, [field]: '  ' }, now)).toBe(true)
    expect(needsRegistrationUpdate({ ...complete, [field]: null }, now)).toBe(true)
  })
  it('is true without updated_at', () => {
    expect(needsRegistrationUpdate({ ...complete, updated_at: null }, now)).toBe(true)
  })
  it('is true at exactly 4 months and after, false just before', () => {
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-07-22T12:00:00Z' }, now)).toBe(true)
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-05-01T00:00:00Z' }, now)).toBe(true)
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-07-22T12:00:01Z' }, now)).toBe(false)
  })
})
