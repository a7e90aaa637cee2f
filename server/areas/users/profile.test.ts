import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { users } from './schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, storedUser, testAppForFile, validationIssues } from '../../test/app.ts'

const t = testAppForFile()

/** Valid contact details; each test changes what it checks. */
function validBody(overrides: Record<string, unknown> = {}) {
  return {
    full_name: '  Joana Prado  ',
    email: `Joana.${Math.random().toString(36).slice(2)}@Example.com`,
    phone: '21987654321',
    cep: '22071900',
    street: 'Avenida Atlântica',
    street_number: '1702',
    ...overrides,
  }
}

function put(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject(jsonRequest('PUT', '/api/v1/users/profile/', payload, headers))
}

const storedRow = (id: number) => storedUser(t.db, id)

describe('PUT /api/v1/users/profile/', () => {
  it('answers 401 without a token and changes nothing', async () => {
    const response = await put(validBody())
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it('saves the contact details and answers the updated user; CPF, birth date and updated_at stay', async () => {
    const account = await createAccount(t.app, t.db)
    const before = await storedRow(account.id)
    const body = validBody()
    const response = await put(body, bearer(account.token))
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    expect(v.is(contract.updateProfile.response, answer)).toBe(true)
    expect(answer).toMatchObject({
      id: account.id,
      full_name: 'Joana Prado',
      email: body.email.toLowerCase(),
      phone: '21987654321',
      cep: '22071900',
      street: 'Avenida Atlântica',
      street_number: '1702',
      cpf: before.cpf,
    })
    const after = await storedRow(account.id)
    expect(after).toMatchObject({ fullName: 'Joana Prado', email: body.email.toLowerCase(), cpf: before.cpf, birthDate: before.birthDate })
    expect(after.updatedAt).toEqual(before.updatedAt)
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(account.token) })
    expect(me.json()).toEqual(answer)
  })

  it('a changed e-mail is unconfirmed again; keeping the confirmed one keeps it confirmed', async () => {
    const account = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ verifiedEmail: account.email }).where(eq(users.id, account.id))
    const same = await put(validBody({ email: account.email.toUpperCase() }), bearer(account.token))
    expect(same.statusCode, same.body).toBe(200)
    expect(same.json()).toMatchObject({ email: account.email, email_verified: true })
    const changed = await put(validBody(), bearer(account.token))
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().email_verified).toBe(false)
    expect((await storedRow(account.id)).verifiedEmail).toBe(account.email)
  })

  it("answers 409 with a Portuguese detail for another account's e-mail, and changes nothing", async () => {
    const account = await createAccount(t.app, t.db)
    const before = await storedRow(account.id)
    const response = await put(validBody({ email: 'ALUNO@example.com', full_name: 'Outro Nome' }), bearer(account.token))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Este e-mail já está em uso por outra conta.' })
    expect(await storedRow(account.id)).toEqual(before)
  })

  it('answers 422 per field with SPEC §5 texts for malformed input, and writes nothing (not even the valid fields)', async () => {
    const account = await createAccount(t.app, t.db)
    const before = await storedRow(account.id)
    const response = await put(
      validBody({ full_name: 'Nome Novo', email: 'sem-arroba', phone: '123', cep: '', street: '   ', street_number: 'x'.repeat(21) }),
      bearer(account.token),
    )
    expect(validationIssues(response)).toEqual([
      'body.email: Por favor, insira um e-mail válido',
      'body.phone: Formato inválido',
      'body.cep: Este campo é obrigatório',
      'body.cep: Formato inválido',
      'body.street: Este campo é obrigatório',
      'body.street_number: Você deve inserir no máximo 20 caracteres',
    ])
    expect(await storedRow(account.id)).toEqual(before)
  })

  it('answers 422 in Portuguese for a missing field, a wrong type and a body that is not JSON', async () => {
    const account = await createAccount(t.app, t.db)
    const { street: _street, ...withoutStreet } = validBody()
    expect(validationIssues(await put(withoutStreet, bearer(account.token)))).toEqual([expect.stringMatching(/^body\.street: /)])
    const wrongType = validationIssues(await put(validBody({ phone: 21987654321 }), bearer(account.token)))
    expect(wrongType).toHaveLength(1)
    expect(wrongType[0]).toMatch(/^body\.phone: /)
    expect(wrongType[0]).not.toMatch(/expected|received|invalid/i)
    expect(validationIssues(await put('{"full_name":', bearer(account.token)))).toEqual(['body: JSON inválido'])
  })

  it('lets a manager edit their own profile (`user` access)', async () => {
    const manager = await createAccount(t.app, t.db, 'manager')
    const response = await put(validBody(), bearer(manager.token))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: manager.id, role: 'manager', full_name: 'Joana Prado' })
  })

  it("only ever changes the caller's own account", async () => {
    const account = await createAccount(t.app, t.db)
    const other = await createAccount(t.app, t.db)
    const otherBefore = await storedRow(other.id)
    expect((await put(validBody({ id: other.id }), bearer(account.token))).statusCode).toBe(200)
    expect(await storedRow(other.id)).toEqual(otherBefore)
  })
})
