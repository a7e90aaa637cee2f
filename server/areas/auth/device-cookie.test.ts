import { describe, expect, it } from 'vitest'
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, knownDevice, rememberedDevice } from './device-cookie.ts'

const SECRET = 'x'.repeat(43)
const header = (value: string) => `outro=1; ${DEVICE_COOKIE}=${value}`

describe('device cookie entries', () => {
  it('is valid for the identifier it was issued for, with the secret it was signed with', () => {
    const value = rememberedDevice(SECRET, undefined, 'aluna@example.com')
    expect(knownDevice(SECRET, header(value), 'aluna@example.com')).toBe(value.split('.')[0])
    expect(knownDevice(SECRET, header(value), 'outra@example.com')).toBeNull()
    expect(knownDevice('y'.repeat(43), header(value), 'aluna@example.com')).toBeNull()
    expect(knownDevice(SECRET, undefined, 'aluna@example.com')).toBeNull()
    expect(knownDevice(SECRET, header('lixo~;;'), 'aluna@example.com')).toBeNull()
  })

  it('expires after its Max-Age, also when the browser keeps sending it', () => {
    const issued = new Date('2026-01-01T00:00:00Z')
    const value = rememberedDevice(SECRET, undefined, 'aluna@example.com', issued)
    const justBefore = new Date(issued.getTime() + (DEVICE_COOKIE_MAX_AGE_SECONDS - 60) * 1000)
    const after = new Date(issued.getTime() + (DEVICE_COOKIE_MAX_AGE_SECONDS + 60) * 1000)
    expect(knownDevice(SECRET, header(value), 'aluna@example.com', justBefore)).not.toBeNull()
    expect(knownDevice(SECRET, header(value), 'aluna@example.com', after)).toBeNull()
  })

  it('replaces the account’s own entry and keeps up to five accounts, the newest first', () => {
    let value = ''
    for (let i = 0; i < 7; i++) value = rememberedDevice(SECRET, value && header(value), `conta${i}@example.com`)
    expect(value.split('~')).toHaveLength(5)
    expect(knownDevice(SECRET, header(value), 'conta6@example.com')).not.toBeNull()
    expect(knownDevice(SECRET, header(value), 'conta2@example.com')).not.toBeNull()
    expect(knownDevice(SECRET, header(value), 'conta1@example.com')).toBeNull()
    const before = knownDevice(SECRET, header(value), 'conta4@example.com')
    const renewed = rememberedDevice(SECRET, header(value), 'conta4@example.com')
    expect(renewed.split('~')).toHaveLength(5)
    expect(knownDevice(SECRET, header(renewed), 'conta4@example.com')).not.toBe(before)
    expect(renewed.split('~')[0]!.split('.')[0]).toBe(knownDevice(SECRET, header(renewed), 'conta4@example.com'))
  })
})
