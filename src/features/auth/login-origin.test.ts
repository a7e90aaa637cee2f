import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetLoginOrigin, rememberLoginOrigin } from './login-origin.ts'
import { loginOriginBody as loginOrigin } from './login-origin-body.ts'
import { MemoryStorage } from '../../lib/memory-storage.fixture.ts'

/** The browser's sessionStorage, in memory (the unit project runs on Node). */

describe('the login origin kept from a landing page (D25)', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()))
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the three values of the URL, trimmed, until a login forgets them', () => {
    rememberLoginOrigin('?prospex=P1&cupom=%20PARCEIRA10%20&company=ACME%20Ltda.&outro=x')
    expect(loginOrigin()).toEqual({ prospex: 'P1', cupom: 'PARCEIRA10', company: 'ACME Ltda.' })
    forgetLoginOrigin()
    expect(loginOrigin()).toEqual({})
  })

  it('a URL without them keeps what the tab had; one with any replaces it', () => {
    rememberLoginOrigin('?prospex=P1&company=ACME')
    rememberLoginOrigin('')
    rememberLoginOrigin('?redirect=%2Fdashboard')
    expect(loginOrigin()).toEqual({ prospex: 'P1', company: 'ACME' })
    rememberLoginOrigin('?cupom=OUTRO')
    expect(loginOrigin()).toEqual({ cupom: 'OUTRO' })
  })

  it('drops what the login would refuse, so a bad link never blocks the login', () => {
    rememberLoginOrigin(`?prospex=${'P'.repeat(101)}&cupom=%00X&company=%20%20`)
    expect(loginOrigin()).toEqual({})
    rememberLoginOrigin(`?prospex=${'P'.repeat(100)}&cupom=ok`)
    expect(loginOrigin()).toEqual({ prospex: 'P'.repeat(100), cupom: 'ok' })
  })

  it('ignores a kept value that was tampered with', () => {
    sessionStorage.setItem('portal-login-origin', JSON.stringify({ prospex: 7, cupom: 'C'.repeat(500), company: 'ACME' }))
    expect(loginOrigin()).toEqual({ company: 'ACME' })
    sessionStorage.setItem('portal-login-origin', '{not json')
    expect(loginOrigin()).toEqual({})
  })
})
