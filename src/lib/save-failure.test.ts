import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from './client.ts'
import { saveFailure } from './save-failure.ts'

type Field = 'email' | 'phone'
const isField = (key: unknown): key is Field => key === 'email' || key === 'phone'

describe('saveFailure', () => {
  it('puts an e-mail already in use (409) beside the e-mail field', () => {
    expect(saveFailure(new ApiError(409, 'Este e-mail já está em uso.', null), isField)).toEqual({
      fieldErrors: { email: 'Este e-mail já está em uso.' },
      message: null,
    })
  })

  it("puts the server's 422 issues beside the fields they name, the first of each", () => {
    const detail = [
      { loc: ['body', 'phone'], msg: 'Formato inválido' },
      { loc: ['body', 'phone'], msg: 'Este campo é obrigatório' },
      { loc: ['body', 'unknown'], msg: 'ignored' },
    ]
    expect(saveFailure(new ApiError(422, 'Dados inválidos', detail), isField)).toEqual({
      fieldErrors: { phone: 'Formato inválido' },
      message: null,
    })
  })

  it('reads the issues from the answer as the client keeps it (`{detail: [...]}`)', () => {
    const answer = { detail: [{ loc: ['body', 'phone'], msg: 'Formato inválido', type: 'regex' }] }
    expect(saveFailure(new ApiError(422, 'Dados inválidos', answer), isField)).toEqual({
      fieldErrors: { phone: 'Formato inválido' },
      message: null,
    })
  })

  it('shows any other refusal as one message, the server detail or "Erro ao atualizar"', () => {
    expect(saveFailure(new ApiError(422, 'Dados inválidos', [{ loc: ['body', 'x'], msg: 'y' }]), isField)).toEqual({
      fieldErrors: {},
      message: 'Dados inválidos',
    })
    expect(saveFailure(new NetworkError(), isField).message).toMatch(/Não foi possível conectar/)
    expect(saveFailure('boom', isField)).toEqual({ fieldErrors: {}, message: 'Erro ao atualizar' })
  })
})
