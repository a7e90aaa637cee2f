import { describe, expect, it } from 'vitest'
import { errorMessageFor } from './client.ts'
import { contract } from '../contract/contract.ts'

/**
 * SPEC §8's texts for the account flows of issue 9, as a student reads them when the server
 * says nothing more (a 500, a proxy's page): each endpoint falls back to its catalogue text.
 */
const NO_DETAIL = { status: 500, body: '<html>Bad gateway</html>' }

describe('SPEC §8 texts of the account flows', () => {
  it.each([
    ['emptyBookCheck', 'Erro ao pesquisar por livro'],
    ['userBook', 'Erro ao pesquisar por livro'],
    ['meusLivros', 'Erro ao retornar dados do livro do usuário'],
    ['userBooks', 'Erro ao retornar dados do livro do usuário'],
    ['addUserBook', 'Erro ao criar dados do livro do usuário'],
    ['unlinkBook', 'Não foi possível desvincular livro'],
    ['bookCodeLogin', 'Erro ao efetuar login'],
    ['updateProfile', 'Erro ao atualizar'],
    ['recoverPassword', 'Erro ao solicitar recuperação de senha'],
    ['resetPassword', 'Erro ao resetar senha'],
    ['checkExists', 'Erro ao buscar usuário atribuído ao email'],
    ['checkEmail', 'Erro ao buscar usuário atribuído ao email'],
  ] as const)('%s without a detail: "%s"', (name, text) => {
    expect(errorMessageFor(contract[name], NO_DETAIL.status, NO_DETAIL.body)).toBe(text)
  })

  it('"Usuário não encontrado" for a 400 on the e-mail lookups, whatever the server said', () => {
    for (const name of ['checkExists', 'checkEmail'] as const) {
      expect(errorMessageFor(contract[name], 400, { detail: 'bad request' })).toBe('Usuário não encontrado')
    }
  })

  it('a refused reset link always reads "Erro ao resetar senha"', () => {
    expect(errorMessageFor(contract.resetPassword, 400, { detail: 'token expired' })).toBe('Erro ao resetar senha')
  })

  it("recovery shows the server's detail.message, else its detail (SPEC §8)", () => {
    expect(errorMessageFor(contract.recoverPassword, 429, { detail: { message: 'Muitas tentativas' } })).toBe('Muitas tentativas')
    expect(errorMessageFor(contract.recoverPassword, 429, { detail: 'Tente mais tarde' })).toBe('Tente mais tarde')
  })

  it('profile and book answers with a detail show it (SPEC §8 "detail or …")', () => {
    expect(errorMessageFor(contract.updateProfile, 409, { detail: 'E-mail já cadastrado' })).toBe('E-mail já cadastrado')
    expect(errorMessageFor(contract.unlinkBook, 404, { detail: 'Usuário não encontrado' })).toBe('Usuário não encontrado')
  })
})
