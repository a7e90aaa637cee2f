import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEMO_SIBLINGS_CPF } from '../../db/seed.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, testAppForFile } from '../../test/app.ts'
import { LOOKUP_LIMIT, USER_NOT_FOUND } from './account-lookup-routes.ts'

const t = testAppForFile()

function get(path: string, token: string | null, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/users/${path}/?${query}`, headers: token ? bearer(token) : {} })
}

describe('GET /users/check-exists/ (SPEC §7, §8 "User by e-mail")', () => {
  it('finds an account by e-mail (any case) or by CPF (with or without punctuation)', async () => {
    const caller = await createAccount(t.app, t.db)
    for (const query of ['email=ALUNO%40example.com', `cpf=${DEMO_SIBLINGS_CPF}`, 'cpf=123.456.789-09']) {
      const response = await get('check-exists', caller.token, query)
      expect(response.statusCode, query).toBe(200)
      expect(response.json()).toEqual({ exists: true })
    }
  })

  it('answers 400 "Usuário não encontrado" when nobody has it', async () => {
    const caller = await createAccount(t.app, t.db)
    for (const query of [`email=ninguem-${randomUUID()}%40example.com`, 'cpf=00000000191']) {
      const response = await get('check-exists', caller.token, query)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: USER_NOT_FOUND })
    }
  })

  it.each([
    ['neither e-mail nor CPF', '', 'Informe o e-mail ou o CPF'],
    ['both', 'email=a%40example.com&cpf=12345678909', 'Informe o e-mail ou o CPF'],
    ['a malformed e-mail', 'email=aluno', 'Por favor, insira um e-mail válido'],
    ['a malformed CPF', 'cpf=123', 'Formato inválido'],
  ])('answers 422 in Portuguese for %s', async (_, query, message) => {
    const caller = await createAccount(t.app, t.db)
    const response = await get('check-exists', caller.token, query)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(message)
  })

  it('answers 401 without a token', async () => {
    expect((await get('check-exists', null, 'email=aluno%40example.com')).statusCode).toBe(401)
  })
})

describe('GET /users/check-email/ (SPEC §7, registration update)', () => {
  it('an e-mail nobody has, and the caller’s own, are available; another account’s is not', async () => {
    const caller = await createAccount(t.app, t.db)
    const other = await createAccount(t.app, t.db)
    const answers = await Promise.all(
      [`livre-${randomUUID()}@example.com`, caller.email.toUpperCase(), other.email].map((email) =>
        get('check-email', caller.token, `email=${encodeURIComponent(email)}`),
      ),
    )
    expect(answers.map((answer) => answer.json())).toEqual([{ available: true }, { available: true }, { available: false }])
  })

  it('answers 422 for a malformed or missing e-mail and 401 without a token', async () => {
    const caller = await createAccount(t.app, t.db)
    const malformed = await get('check-email', caller.token, 'email=sem-arroba')
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().detail[0]).toMatchObject({ loc: ['query', 'email'], msg: 'Por favor, insira um e-mail válido' })
    expect((await get('check-email', caller.token, '')).json().detail[0]).toMatchObject({ msg: 'Este campo é obrigatório' })
    expect((await get('check-email', null, 'email=a%40example.com')).statusCode).toBe(401)
  })

  it('limits one account to 30 lookups per 15 minutes across both endpoints', async () => {
    const caller = await createAccount(t.app, t.db)
    for (let i = 0; i < LOOKUP_LIMIT; i++) {
      const path = i % 2 === 0 ? 'check-email' : 'check-exists'
      expect((await get(path, caller.token, `email=consulta-${i}%40example.com`)).statusCode).toBeLessThan(429)
    }
    const refused = await get('check-email', caller.token, 'email=mais-uma%40example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ detail: 'Muitas consultas seguidas. Aguarde 15 minutos e tente novamente.' })
    // Another account is not affected.
    const other = await createAccount(t.app, t.db)
    expect((await get('check-email', other.token, 'email=mais-uma%40example.com')).statusCode).toBe(200)
  })
})
