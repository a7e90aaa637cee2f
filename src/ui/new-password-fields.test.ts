import { describe, expect, it } from 'vitest'
import '../i18n/index.ts'
import { newPasswordErrors } from './new-password-fields.tsx'

describe('newPasswordErrors (8–128 characters, typed twice)', () => {
  it('accepts 8 characters typed the same twice', () => {
    expect(newPasswordErrors('12345678', '12345678')).toEqual({ password: undefined, confirmation: undefined })
  })

  it('names each problem in Portuguese', () => {
    expect(newPasswordErrors('', '')).toEqual({ password: 'Este campo é obrigatório', confirmation: 'Este campo é obrigatório' })
    expect(newPasswordErrors('1234567', '1234567')).toEqual({
      password: 'Você deve inserir no mínimo 8 caracteres',
      confirmation: undefined,
    })
    expect(newPasswordErrors('12345678', '12345679')).toEqual({ password: undefined, confirmation: 'As senhas não conferem' })
  })
})
