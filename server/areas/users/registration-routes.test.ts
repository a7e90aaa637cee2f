import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { needsRegistrationUpdate } from '../../../src/contract/registration-due.ts'
import { checkBirthDateOn, parseIsoDate } from '../../../src/contract/validation/age.ts'
import { users } from './schema.ts'
import { localToday } from '../../http/tmz.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, loginToken, jsonRequest, storedUser, testAppForFile, validationIssues } from '../../test/app.ts'

const t = testAppForFile()

/** A complete, valid registration of an adult; each test changes what it checks. */
function validBody(overrides: Record<string, unknown> = {}) {
  return {
    full_name: '  Joana Prado  ',
    email: `Joana.${Math.random().toString(36).slice(2)}@Example.com`,
    phone: '11987654321',
    cpf: '52998224725',
    birth_date: '1995-03-20',
    cep: '01310100',
    street: 'Avenida Paulista',
    street_number: '1000',
    ...overrides,
  }
}

function put(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject(jsonRequest('PUT', '/api/v1/users/atualizacao-cadastral/', payload, headers))
}

const storedRow = (id: number) => storedUser(t.db, id)

describe('PUT /api/v1/users/atualizacao-cadastral/', () => {
  it('answers 401 without a token, with the SPEC §8 shape', async () => {
    const response = await put(validBody())
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it('saves the registration, marks it updated now and answers the updated user', async () => {
    const account = await createAccount(t.app, t.db)
    await t.db.orm
      .update(users)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, account.id))
    const body = validBody()
    const before = Date.now()
    const response = await put(body, bearer(account.token))
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    expect(v.is(contract.updateRegistration.response, answer)).toBe(true)
    expect(answer).toMatchObject({
      id: account.id,
      full_name: 'Joana Prado',
      email: body.email.toLowerCase(),
      phone: '11987654321',
      cpf: '52998224725',
      birth_date: '1995-03-20',
      cep: '01310100',
      street: 'Avenida Paulista',
      street_number: '1000',
      guardian_name: null,
      guardian_cpf: null,
    })
    // The shared rule (src/contract/registration.ts) no longer asks for an update.
    expect(Date.parse(answer.updated_at)).toBeGreaterThanOrEqual(before - 1000)
    expect(needsRegistrationUpdate(answer)).toBe(false)
    expect((await storedRow(account.id)).updatedAt!.getTime()).toBe(Date.parse(answer.updated_at))
    // GET /users/me/ says the same.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(account.token) })
    expect(me.json()).toEqual(answer)
  })

  it('lets a manager update their own registration too (`user` access)', async () => {
    const manager = await createAccount(t.app, t.db, 'manager')
    const response = await put(validBody({ cpf: '11144477735' }), bearer(manager.token))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: manager.id, role: 'manager', cpf: '11144477735' })
  })

  it('the new e-mail logs in', async () => {
    const account = await createAccount(t.app, t.db)
    const { hashPassword } = await import('../auth/password.ts')
    await t.db.orm
      .update(users)
      .set({ passwordHash: await hashPassword('senha-da-joana') })
      .where(eq(users.id, account.id))
    const body = validBody()
    expect((await put(body, bearer(account.token))).statusCode).toBe(200)
    await expect(loginToken(t.app, body.email.toUpperCase(), 'senha-da-joana')).resolves.toEqual(expect.any(String))
  })

  it('answers 409 with a Portuguese detail when another account has the e-mail (any case), and changes nothing', async () => {
    const account = await createAccount(t.app, t.db)
    const before = await storedRow(account.id)
    const response = await put(validBody({ email: 'ALUNO@example.com' }), bearer(account.token))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Este e-mail já está em uso por outra conta.' })
    expect(await storedRow(account.id)).toEqual(before)
  })

  it('keeps the caller’s own e-mail without calling it taken', async () => {
    const account = await createAccount(t.app, t.db)
    const { email } = await storedRow(account.id)
    expect((await put(validBody({ email: email!.toUpperCase() }), bearer(account.token))).statusCode).toBe(200)
    expect((await storedRow(account.id)).email).toBe(email)
  })

  it('answers 422 with SPEC §5 texts and the field of each rule broken, changing nothing', async () => {
    const account = await createAccount(t.app, t.db)
    const before = await storedRow(account.id)
    const cases: [Record<string, unknown>, string][] = [
      [{ full_name: '   ' }, 'body.full_name: Este campo é obrigatório'],
      [{ full_name: 'x'.repeat(151) }, 'body.full_name: Você deve inserir no máximo 150 caracteres'],
      [{ email: 'joana@' }, 'body.email: Por favor, insira um e-mail válido'],
      [{ email: '' }, 'body.email: Este campo é obrigatório'],
      [{ phone: '1198765' }, 'body.phone: Formato inválido'],
      [{ phone: '(11) 98765-4321' }, 'body.phone: Você deve inserir no máximo 11 caracteres'],
      [{ cpf: '52998224726' }, 'body.cpf: Por favor, insira um CPF válido'],
      [{ cpf: '11111111111' }, 'body.cpf: Por favor, insira um CPF válido'],
      [{ birth_date: '2001-02-29' }, 'body.birth_date: Por favor, insira uma data válida'],
      [{ birth_date: '20/03/1995' }, 'body.birth_date: Por favor, insira uma data válida'],
      [{ birth_date: '2999-01-01' }, 'body.birth_date: Por favor, insira uma data válida'],
      [{ cep: '0131010' }, 'body.cep: Formato inválido'],
      [{ street: '' }, 'body.street: Este campo é obrigatório'],
      [{ street_number: 'x'.repeat(21) }, 'body.street_number: Você deve inserir no máximo 20 caracteres'],
      [{ guardian_cpf: '123' }, 'body.guardian_cpf: Por favor, insira um CPF válido'],
    ]
    for (const [change, issue] of cases)
      expect(validationIssues(await put(validBody(change), bearer(account.token))), issue).toContain(issue)
    const { street: _missing, ...withoutStreet } = validBody()
    expect(validationIssues(await put(withoutStreet, bearer(account.token)))).toEqual(['body.street: Este campo é obrigatório'])
    expect(await storedRow(account.id)).toEqual(before)
  })

  it("asks a minor for the guardian's name and CPF, and keeps them", async () => {
    const account = await createAccount(t.app, t.db)
    const minor = validBody({ birth_date: '2014-06-01' })
    expect(validationIssues(await put(minor, bearer(account.token)))).toEqual([
      'body.guardian_name: Este campo é obrigatório',
      'body.guardian_cpf: Este campo é obrigatório',
    ])
    expect(validationIssues(await put({ ...minor, guardian_name: 'Marta Prado', guardian_cpf: '' }, bearer(account.token)))).toEqual([
      'body.guardian_cpf: Por favor, insira um CPF válido',
    ])
    const response = await put({ ...minor, guardian_name: ' Marta Prado ', guardian_cpf: '11144477735' }, bearer(account.token))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ birth_date: '2014-06-01', guardian_name: 'Marta Prado', guardian_cpf: '11144477735' })
  })

  it("does not keep an adult's guardian (asked of minors only)", async () => {
    const account = await createAccount(t.app, t.db)
    const response = await put(validBody({ guardian_name: 'Marta Prado', guardian_cpf: '11144477735' }), bearer(account.token))
    expect(response.json()).toMatchObject({ guardian_name: null, guardian_cpf: null })
    expect(await storedRow(account.id)).toMatchObject({ guardianName: null, guardianCpf: null })
  })

  it("counts 18 years on the caller's day (tmz, D21): an 18th birthday today at UTC+14 is still tomorrow at UTC-12", async () => {
    const account = await createAccount(t.app, t.db)
    const now = new Date()
    const east = parseIsoDate(localToday(now, 14))!
    const west = parseIsoDate(localToday(now, -12))!
    // The latest real date that is exactly 18 years old in the east (29 Feb has no twin every year).
    let birth = ''
    for (let back = 0; !birth; back++) {
      const candidate = new Date(Date.UTC(east.year - 18, east.month - 1, east.day - back)).toISOString().slice(0, 10)
      const check = checkBirthDateOn(candidate, east)
      if (check.valid && check.age === 18) birth = candidate
    }
    const westCheck = checkBirthDateOn(birth, west)
    expect(westCheck.valid && westCheck.underage).toBe(true)
    const body = validBody({ birth_date: birth })
    expect((await put(body, { ...bearer(account.token), tmz: '14' })).statusCode).toBe(200)
    expect(validationIssues(await put(body, { ...bearer(account.token), tmz: '-12' }))).toEqual([
      'body.guardian_name: Este campo é obrigatório',
      'body.guardian_cpf: Este campo é obrigatório',
    ])
  })

  it("changes only the caller's account", async () => {
    const [caller, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const otherBefore = await storedRow(other.id)
    expect((await put(validBody(), bearer(caller.token))).statusCode).toBe(200)
    expect(await storedRow(other.id)).toEqual(otherBefore)
  })

  it('two accounts racing for one new e-mail: one saves it, the other gets 409', async () => {
    const [first, second] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const email = `disputado-${Math.random().toString(36).slice(2)}@example.com`
    const answers = await Promise.all([first, second].map((account) => put(validBody({ email }), bearer(account.token))))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const owners = await t.db.orm.select({ id: users.id }).from(users).where(eq(users.email, email))
    expect(owners).toHaveLength(1)
  })
})
