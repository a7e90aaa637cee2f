// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, ContractError, NetworkError } from '../lib/client.ts'
import { getStoredItem, setStoredItem } from '../lib/local-store.ts'
import { verifyPendingEmail } from './email-verification-step.ts'
import { captureEmailVerificationToken, emailVerificationOutcome } from './email-verification.ts'

afterEach(() => {
  localStorage.clear()
  emailVerificationOutcome.dismiss()
  window.history.replaceState(null, '', '/')
})

const kept = () => getStoredItem('emailVerificationToken')

describe('the confirmation link (SPEC §4)', () => {
  it('keeps the token of /login/main?token_email=… on the device and takes it out of the address', () => {
    window.history.replaceState(null, '', '/login/main?token_email=abc_DEF-123&outro=1#x')
    captureEmailVerificationToken()
    expect(localStorage.getItem('cpf_email_verification_token')).toBe('abc_DEF-123')
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/login/main?outro=1#x')
  })

  it('leaves the device alone on any other address', () => {
    window.history.replaceState(null, '', '/login/main?token=reset')
    captureEmailVerificationToken()
    expect(kept()).toBeNull()
    expect(location.search).toBe('?token=reset')
  })
})

describe('verifyPendingEmail (after login, SPEC §4)', () => {
  it('does nothing without a kept token', async () => {
    const sent: string[] = []
    await verifyPendingEmail(async (token) => sent.push(token))
    expect(sent).toEqual([])
    expect(emailVerificationOutcome.get()).toBeNull()
  })

  it('sends the kept token, removes it and says the e-mail is confirmed', async () => {
    setStoredItem('emailVerificationToken', 'tok-1')
    const sent: string[] = []
    await verifyPendingEmail(async (token) => sent.push(token))
    expect(sent).toEqual(['tok-1'])
    expect(kept()).toBeNull()
    expect(emailVerificationOutcome.get()).toEqual({ verified: true })
  })

  it('a refused link is removed too, with the server’s reason to show', async () => {
    setStoredItem('emailVerificationToken', 'tok-2')
    await verifyPendingEmail(async () => {
      throw new ApiError(400, 'Link de confirmação inválido ou expirado. Peça um novo em Meu perfil.', {})
    })
    expect(kept()).toBeNull()
    expect(emailVerificationOutcome.get()).toEqual({
      verified: false,
      message: 'Link de confirmação inválido ou expirado. Peça um novo em Meu perfil.',
    })
  })

  it('an unexpected answer is an answer: the token goes', async () => {
    setStoredItem('emailVerificationToken', 'tok-3')
    await verifyPendingEmail(async () => {
      throw new ContractError('/users/verify-email/', [])
    })
    expect(kept()).toBeNull()
    expect(emailVerificationOutcome.get()).toMatchObject({ verified: false })
  })

  it('without an answer (offline) or with a 401 (the session ends) the token stays for later', async () => {
    setStoredItem('emailVerificationToken', 'tok-4')
    await verifyPendingEmail(async () => {
      throw new NetworkError()
    })
    expect(kept()).toBe('tok-4')
    await verifyPendingEmail(async () => {
      throw new ApiError(401, 'Não autenticado', {})
    })
    expect(kept()).toBe('tok-4')
    expect(emailVerificationOutcome.get()).toBeNull()
  })

  it('tells subscribers, and forgets the outcome when dismissed', async () => {
    let calls = 0
    const unsubscribe = emailVerificationOutcome.subscribe(() => calls++)
    setStoredItem('emailVerificationToken', 'tok-5')
    await verifyPendingEmail(async () => undefined)
    emailVerificationOutcome.dismiss()
    unsubscribe()
    expect(calls).toBe(2)
    expect(emailVerificationOutcome.get()).toBeNull()
  })
})
