import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../lib/client.ts'
import { CONSENT_MESSAGE } from '../../contract/schemas/club.ts'
import {
  checkReferral,
  clearReferralDraft,
  isPlausibleCode,
  readReferralDraft,
  referralFailure,
  writeReferralDraft,
  type ReferralValues,
} from './referral.ts'

const filled: ReferralValues = { nome: 'Maria Amiga', telefone: '(21) 98888-7777', email: 'Maria@Example.com', consentimento: true }

describe('the referral form’s own check (the contract’s schema, SPEC §5)', () => {
  it('gives the body the server takes: phone digits, e-mail in lower case, code in upper case', () => {
    expect(checkReferral(filled, 'anasouza')).toEqual({
      body: { nome: 'Maria Amiga', telefone: '21988887777', email: 'maria@example.com', codigo: 'ANASOUZA', consentimento: true },
      errors: null,
    })
  })

  it('names each field’s first problem in SPEC §5’s words, the consent with its own', () => {
    expect(checkReferral({ nome: ' ', telefone: '(21) 9888', email: 'maria@', consentimento: false }, 'ANASOUZA').errors).toEqual({
      nome: 'Este campo é obrigatório',
      telefone: 'Formato inválido',
      email: 'Por favor, insira um e-mail válido',
      consentimento: CONSENT_MESSAGE,
    })
    expect(checkReferral({ ...filled, telefone: '' }, 'ANASOUZA').errors).toEqual({ telefone: 'Este campo é obrigatório' })
  })

  it('tells a code that cannot be one from one only the server can judge', () => {
    expect(isPlausibleCode('ANASOUZA')).toBe(true)
    expect(isPlausibleCode('anasouza')).toBe(true)
    expect(isPlausibleCode('A!')).toBe(false)
    expect(isPlausibleCode('x'.repeat(41))).toBe(false)
  })
})

describe('what the page shows for a failed send', () => {
  it('puts a 422’s messages under their fields, and a refused code as an invalid link', () => {
    // The client keeps the answer's body whole: `{detail: [...]}` (src/lib/client.ts).
    const fields = new ApiError(422, 'Erro ao enviar a indicação', {
      detail: [
        { loc: ['body', 'email'], msg: 'Por favor, insira um e-mail válido', type: 'email' },
        { loc: ['body', 'email'], msg: 'Este campo é obrigatório', type: 'min_length' },
        { loc: ['body', 'consentimento'], msg: CONSENT_MESSAGE, type: 'literal' },
      ],
    })
    expect(referralFailure(fields)).toEqual({
      kind: 'fields',
      errors: { email: 'Por favor, insira um e-mail válido', consentimento: CONSENT_MESSAGE },
    })
    const code = new ApiError(422, 'Erro ao enviar a indicação', {
      detail: [{ loc: ['body', 'codigo'], msg: 'Código de indicação inválido', type: 'value_error' }],
    })
    expect(referralFailure(code)).toEqual({ kind: 'invalidLink' })
  })

  it('says a 429 with the server’s words, no answer as unreachable, anything else as its message', () => {
    const throttled = new ApiError(429, 'Muitas indicações enviadas com este link. Aguarde 15 minutos.', { detail: '…' })
    expect(referralFailure(throttled)).toEqual({ kind: 'tooMany', message: throttled.message })
    expect(referralFailure(new NetworkError())).toMatchObject({ kind: 'unreachable' })
    expect(referralFailure(new ApiError(500, 'Erro ao enviar a indicação', null))).toEqual({
      kind: 'error',
      message: 'Erro ao enviar a indicação',
    })
    expect(referralFailure(new Error('boom'))).toEqual({ kind: 'error', message: 'Erro ao enviar a indicação' })
  })
})

describe('the draft kept in the tab', () => {
  const items = new Map<string, string>()
  beforeEach(() => {
    items.clear()
    globalThis.sessionStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage
  })
  afterEach(() => {
    delete (globalThis as { sessionStorage?: Storage }).sessionStorage
  })

  it('keeps what was typed but not the consent, and forgets it once cleared', () => {
    writeReferralDraft(filled)
    expect(readReferralDraft()).toEqual({ ...filled, consentimento: false })
    clearReferralDraft()
    expect(readReferralDraft()).toEqual({ nome: '', telefone: '', email: '', consentimento: false })
  })

  it('reads a broken or foreign value as an empty form', () => {
    items.set('portal-indicacao-draft', '{not json')
    expect(readReferralDraft().nome).toBe('')
    items.set('portal-indicacao-draft', JSON.stringify({ nome: 42, email: 'a@b.co' }))
    expect(readReferralDraft()).toEqual({ nome: '', telefone: '', email: 'a@b.co', consentimento: false })
  })
})
