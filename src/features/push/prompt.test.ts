import { describe, expect, it } from 'vitest'
import { PROMPT_SNOOZE_MS, shouldOfferPush, type PromptConditions } from './prompt.ts'

const now = Date.parse('2026-11-25T12:00:00Z')
const base: PromptConditions = { status: 'off', permission: 'default', snoozedAt: null, now, ready: true, busy: false }

describe('the notifications offer', () => {
  it('shows to a signed-in student whose device does not receive them yet', () => {
    expect(shouldOfferPush(base)).toBe(true)
    // Allowed before (a logout removed this device's subscription): one click turns them on again.
    expect(shouldOfferPush({ ...base, permission: 'granted' })).toBe(true)
  })

  it('never shows once they are on, blocked, unsupported or still being checked', () => {
    expect(shouldOfferPush({ ...base, status: 'on', permission: 'granted' })).toBe(false)
    expect(shouldOfferPush({ ...base, status: 'denied', permission: 'denied' })).toBe(false)
    expect(shouldOfferPush({ ...base, status: 'unsupported', permission: 'unsupported' })).toBe(false)
    expect(shouldOfferPush({ ...base, status: 'checking' })).toBe(false)
  })

  it('waits while offline, before the server confirmed the user, and over a tour or a form to finish', () => {
    expect(shouldOfferPush({ ...base, ready: false })).toBe(false)
    expect(shouldOfferPush({ ...base, busy: true })).toBe(false)
  })

  it('"Agora não" holds for 14 days, then the offer comes back', () => {
    expect(shouldOfferPush({ ...base, snoozedAt: now - PROMPT_SNOOZE_MS + 60_000 })).toBe(false)
    expect(shouldOfferPush({ ...base, snoozedAt: now - PROMPT_SNOOZE_MS })).toBe(true)
  })
})
