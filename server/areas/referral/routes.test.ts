import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { CONSENT_MESSAGE, type Extrato, type IndicacaoInput } from '../../../src/contract/schemas/club.ts'
import { clubIndicacoes } from '../club/schema.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, jsonRequest, type TestApp } from '../../test/app.ts'
import { REFERRAL_CODE_UNKNOWN, REFERRAL_DUPLICATE, REFERRAL_LIMITS, REFERRAL_REGISTERED } from './routes.ts'

// A fresh app (and database) per test: the rate limits count per address, and every
// injected request comes from the same one.
let t: TestApp | undefined
beforeEach(async () => {
  await t?.close()
  t = await createTestApp()
})
afterAll(() => t?.close())

let seq = 0
function friend(codigo: string, fields: Partial<IndicacaoInput> = {}): IndicacaoInput {
  seq++
  return {
    nome: 'Maria Amiga',
    telefone: `(11) 9${String(70_000_000 + seq)
      .padStart(8, '0')
      .slice(0, 4)}-${String(seq).padStart(4, '0')}`,
    email: `amiga.${seq}@example.com`,
    codigo,
    consentimento: true,
    ...fields,
  }
}

const send = (body: unknown, remoteAddress?: string) =>
  t!.app.inject({ ...jsonRequest('POST', '/api/v1/transactions/credit/indicacao/', body), ...(remoteAddress ? { remoteAddress } : {}) })

async function referrer(): Promise<{ account: TestAccount; codigo: string }> {
  const account = await createAccount(t!.app, t!.db)
  const response = await t!.app.inject({ method: 'GET', url: '/api/v1/transactions/extrato/', headers: bearer(account.token) })
  return { account, codigo: response.json<Extrato>().codigo_indicacao }
}

describe('POST /transactions/credit/indicacao/ (public referral form)', () => {
  it('records a lead for the code’s student without a token; the phone is kept as digits, the e-mail in lower case', async () => {
    const { account, codigo } = await referrer()
    const response = await send(friend(codigo.toLowerCase(), { telefone: '(21) 98888-7777', email: 'Maria.Amiga@Example.com' }))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ detail: REFERRAL_REGISTERED, situacao: 'registrada' })
    const [lead] = await t!.db.orm.select().from(clubIndicacoes).where(eq(clubIndicacoes.referrerId, account.id))
    expect(lead).toMatchObject({ nome: 'Maria Amiga', telefone: '21988887777', email: 'maria.amiga@example.com', status: 'novo' })
  })

  it('keeps the first referrer’s lead: the same e-mail or phone again writes nothing and says so', async () => {
    const [first, second] = [await referrer(), await referrer()]
    const original = friend(first.codigo)
    expect((await send(original)).json()).toMatchObject({ situacao: 'registrada' })
    const sameEmail = await send(friend(second.codigo, { email: original.email.toUpperCase() }))
    expect(sameEmail.statusCode).toBe(200)
    expect(sameEmail.json()).toEqual({ detail: REFERRAL_DUPLICATE, situacao: 'ja_indicada' })
    const samePhone = await send(friend(second.codigo, { telefone: original.telefone.replace(/\D/g, '') }))
    expect(samePhone.json()).toEqual({ detail: REFERRAL_DUPLICATE, situacao: 'ja_indicada' })
    const leads = await t!.db.orm.select({ referrerId: clubIndicacoes.referrerId }).from(clubIndicacoes)
    expect(leads.filter((lead) => lead.referrerId === second.account.id)).toEqual([])
    expect(leads.filter((lead) => lead.referrerId === first.account.id)).toHaveLength(1)
  })

  it('answers a student’s e-mail exactly like anyone else’s', async () => {
    const { codigo } = await referrer()
    const student = await createAccount(t!.app, t!.db)
    const response = await send(friend(codigo, { email: student.email }))
    expect(response.json()).toEqual({ detail: REFERRAL_REGISTERED, situacao: 'registrada' })
  })

  it('refuses invalid bodies with 422 and SPEC §5’s texts, writing nothing', async () => {
    const { codigo } = await referrer()
    const before = await t!.db.orm.select().from(clubIndicacoes)
    const response = await send({ nome: ' ', telefone: '123', email: 'não-é-email', codigo, consentimento: false })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'nome'], msg: 'Este campo é obrigatório', type: 'min_length' },
        { loc: ['body', 'telefone'], msg: 'Formato inválido', type: 'regex' },
        { loc: ['body', 'email'], msg: 'Por favor, insira um e-mail válido', type: 'email' },
        { loc: ['body', 'consentimento'], msg: CONSENT_MESSAGE, type: 'literal' },
      ],
    })
    const missing = await send({})
    expect(missing.statusCode).toBe(422)
    expect(missing.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg)).toEqual(
      Array(5).fill('Este campo é obrigatório'),
    )
    const unknown = await send(friend('NAOEXISTE'))
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toEqual({ detail: [{ loc: ['body', 'codigo'], msg: REFERRAL_CODE_UNKNOWN, type: 'value_error' }] })
    expect(await t!.db.orm.select().from(clubIndicacoes)).toEqual(before)
  })

  it('limits the referrals from one address (429), while another address still gets through', async () => {
    const { codigo } = await referrer()
    for (let i = 0; i < REFERRAL_LIMITS.referralAddress; i++) expect((await send(friend(codigo), '203.0.113.7')).statusCode).toBe(200)
    const throttled = await send(friend(codigo), '203.0.113.7')
    expect(throttled.statusCode).toBe(429)
    expect(throttled.headers['retry-after']).toMatch(/^\d+$/)
    expect(throttled.json<{ detail: string }>().detail).toMatch(/^Muitas indicações enviadas a partir desta rede\. Aguarde/)
    expect((await send(friend(codigo), '198.51.100.9')).statusCode).toBe(200)
  })

  it('limits the referrals for one code from anywhere (429)', async () => {
    const { codigo } = await referrer()
    for (let i = 0; i < REFERRAL_LIMITS.referralCode; i++) {
      expect((await send(friend(codigo), `192.0.2.${i + 1}`)).statusCode).toBe(200)
    }
    const throttled = await send(friend(codigo), '192.0.2.200')
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json<{ detail: string }>().detail).toMatch(/^Muitas indicações enviadas com este link\. Aguarde/)
  })
})
