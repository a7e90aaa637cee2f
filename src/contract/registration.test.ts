import { describe, expect, it } from 'vitest'
import { guardianIssues, isMinorOn, isPlausibleBirthDate } from './registration.ts'
import { needsRegistrationUpdate, registrationDueAt, registrationUpdateReason } from './registration-due.ts'
import type { CurrentUser } from './schemas/user.ts'
import { demoStudent } from './schemas/user.fixture.ts'

const now = new Date('2026-11-22T12:00:00Z')
const complete: CurrentUser = demoStudent({ updated_at: '2026-10-01T00:00:00Z' })

describe('needsRegistrationUpdate (SPEC §4)', () => {
  it('is false for a complete, recent registration', () => {
    expect(needsRegistrationUpdate(complete, now)).toBe(false)
    expect(registrationUpdateReason(complete, now)).toBeNull()
  })
  it.each(['phone', 'cep', 'cpf', 'email', 'full_name', 'street_number', 'street'] as const)('is true when %s is empty', (field) => {
    expect(needsRegistrationUpdate({ ...complete, [field]: '  ' }, now)).toBe(true)
    expect(needsRegistrationUpdate({ ...complete, [field]: null }, now)).toBe(true)
    expect(registrationUpdateReason({ ...complete, [field]: '' }, now)).toBe('missingFields')
  })
  it('is true without updated_at, or with one that is not a date', () => {
    expect(registrationUpdateReason({ ...complete, updated_at: null }, now)).toBe('neverUpdated')
    expect(registrationUpdateReason({ ...complete, updated_at: 'ontem' }, now)).toBe('neverUpdated')
  })
  it('is true from exactly 4 months on (UTC), false 1 ms before', () => {
    expect(registrationUpdateReason({ ...complete, updated_at: '2026-07-22T12:00:00.000Z' }, now)).toBe('expired')
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-07-22T12:00:00.001Z' }, now)).toBe(false)
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-05-01T00:00:00Z' }, now)).toBe(true)
  })
  it('reads the instant in UTC whatever zone the timestamp was written in', () => {
    // 09:00 at UTC-3 is 12:00 UTC: exactly 4 months.
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-07-22T09:00:00-03:00' }, now)).toBe(true)
    expect(needsRegistrationUpdate({ ...complete, updated_at: '2026-07-22T09:00:01-03:00' }, now)).toBe(false)
  })
})

describe('registrationDueAt', () => {
  it('is the same UTC day and time 4 months later, across a year end', () => {
    expect(registrationDueAt(new Date('2026-07-22T12:34:56.789Z')).toISOString()).toBe('2026-11-22T12:34:56.789Z')
    expect(registrationDueAt(new Date('2026-10-05T23:59:59Z')).toISOString()).toBe('2027-02-05T23:59:59.000Z')
  })
  it('moves a day the month lacks to the 1st of the next month (31 Oct → 1 Mar)', () => {
    const updated = new Date('2026-10-31T10:00:00Z')
    expect(registrationDueAt(updated).toISOString()).toBe('2027-03-01T10:00:00.000Z')
    expect(needsRegistrationUpdate({ ...complete, updated_at: updated.toISOString() }, new Date('2027-02-28T23:59:59Z'))).toBe(false)
    expect(needsRegistrationUpdate({ ...complete, updated_at: updated.toISOString() }, new Date('2027-03-01T10:00:00Z'))).toBe(true)
    // A leap year has the 29th.
    expect(registrationDueAt(new Date('2027-10-29T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z')
  })
})

describe('birth date and guardian (SPEC §5)', () => {
  const today = { year: 2026, month: 11, day: 22 }
  it('accepts real past dates from 1900 on', () => {
    expect(isPlausibleBirthDate('2000-02-29', today)).toBe(true)
    expect(isPlausibleBirthDate('2026-11-22', today)).toBe(true)
    for (const text of ['2026-11-23', '1899-12-31', '2001-02-29', '22/11/2000', ''])
      expect(isPlausibleBirthDate(text, today), text).toBe(false)
  })
  it('is a minor until the 18th birthday', () => {
    expect(isMinorOn('2008-11-23', today)).toBe(true)
    expect(isMinorOn('2008-11-22', today)).toBe(false)
    expect(isMinorOn('nada', today)).toBe(false)
  })
  it("asks a minor for the guardian's name and CPF, an adult for nothing", () => {
    expect(guardianIssues({ birth_date: '2012-05-10' }, today)).toEqual([
      { field: 'guardian_name', message: 'Este campo é obrigatório' },
      { field: 'guardian_cpf', message: 'Este campo é obrigatório' },
    ])
    expect(guardianIssues({ birth_date: '2012-05-10', guardian_name: ' ', guardian_cpf: '52998224725' }, today)).toEqual([
      { field: 'guardian_name', message: 'Este campo é obrigatório' },
    ])
    expect(guardianIssues({ birth_date: '2012-05-10', guardian_name: 'Maria', guardian_cpf: '52998224725' }, today)).toEqual([])
    expect(guardianIssues({ birth_date: '1990-05-10' }, today)).toEqual([])
  })
})
