import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CupomParceria, Extrato, PedidoRecompensa, Recompensa, ResgateResult } from '../../../src/contract/schemas/club.ts'
import type { CurrentUser } from '../../../src/contract/schemas/user.ts'
import { creditInstalmentOnTime, creditPoints } from './repository.ts'
import { clubAlocacoes, clubCuponsParceria, clubMovimentos, clubPedidosRecompensa, clubRecompensas } from './schema.ts'
import { users } from '../users/schema.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'
import { COUPON_ATTEMPTS_LIMIT, COUPON_POINTS_NEED_MEMBERSHIP, COUPON_UNKNOWN, COUPON_USED, NOT_A_MEMBER } from './routes.ts'

const t = testAppForFile()

const DAY_MS = 24 * 3600 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

/** A new student, a club member unless told otherwise. */
async function member(isClub = true): Promise<TestAccount> {
  const account = await createAccount(t.app, t.db)
  if (isClub) await t.db.orm.update(users).set({ isClub: true }).where(eq(users.id, account.id))
  return account
}

let nextRef = 1
/** Credits `pontos` to `userId` as if earned `ago` days ago (a partnership coupon's, say). */
async function credit(userId: number, pontos: number, ago = 0): Promise<void> {
  await creditPoints(t.db.orm, {
    userId,
    origem: 'parceria',
    referencia: `teste-${userId}-${nextRef++}`,
    pontos,
    descricao: `Crédito de teste ${pontos}`,
    at: daysAgo(ago),
  })
}

async function reward(custo: number, estoque = 10, ativo = true): Promise<number> {
  const [row] = await t.db.orm
    .insert(clubRecompensas)
    .values({ nome: `Recompensa ${randomBytes(4).toString('hex')}`, descricao: 'Uma recompensa de teste', custo, estoque, ativo })
    .returning({ id: clubRecompensas.id })
  return row!.id
}

const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(token) })
const redeem = (recompensaId: number, token: string) =>
  t.app.inject(jsonRequest('POST', '/api/v1/transactions/debit/', { recompensa_id: recompensaId }, bearer(token)))
const statement = async (token: string, query = '') => {
  const response = await get(`/transactions/extrato/${query}`, token)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Extrato>()
}

describe('PUT /users/is_club/', () => {
  it('joins and leaves the club, answering the updated user', async () => {
    const student = await member(false)
    const joined = await t.app.inject(jsonRequest('PUT', '/api/v1/users/is_club/', { is_club: true }, bearer(student.token)))
    expect(joined.statusCode).toBe(200)
    expect(joined.json<CurrentUser>()).toMatchObject({ id: student.id, is_club: true })
    const [row] = await t.db.orm.select({ isClub: users.isClub }).from(users).where(eq(users.id, student.id))
    expect(row!.isClub).toBe(true)
    const left = await t.app.inject(jsonRequest('PUT', '/api/v1/users/is_club/', { is_club: false }, bearer(student.token)))
    expect(left.json<CurrentUser>().is_club).toBe(false)
  })

  it('refuses a body without the flag with 422', async () => {
    const student = await member(false)
    const response = await t.app.inject(jsonRequest('PUT', '/api/v1/users/is_club/', {}, bearer(student.token)))
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({ detail: [{ loc: ['body', 'is_club'], msg: 'Este campo é obrigatório', type: 'missing' }] })
  })
})

describe('GET /rewards/', () => {
  it('lists the active rewards with cost and stock (out of stock included), not the inactive ones', async () => {
    const student = await member()
    const [active, empty, inactive] = [await reward(300, 4), await reward(200, 0), await reward(100, 5, false)]
    const response = await get('/rewards/', student.token)
    expect(response.statusCode).toBe(200)
    const list = response.json<Recompensa[]>()
    expect(list.find((item) => item.id === active)).toMatchObject({
      custo: 300,
      estoque: 4,
      ativo: true,
      descricao: 'Uma recompensa de teste',
    })
    expect(list.find((item) => item.id === empty)).toMatchObject({ custo: 200, estoque: 0 })
    expect(list.some((item) => item.id === inactive)).toBe(false)
  })
})

describe('POST /transactions/debit/ (redeem)', () => {
  it('writes the debit, the order and takes one unit; balance, statement, debits and orders show it', async () => {
    const student = await member()
    await credit(student.id, 700, 40)
    const id = await reward(500, 3)
    const response = await redeem(id, student.token)
    expect(response.statusCode, response.body).toBe(201)
    const result = response.json<ResgateResult>()
    expect(result.saldo).toBe(200)
    expect(result.pedido).toMatchObject({ recompensa: { id }, pontos: 500, status: 'solicitado' })

    const [stock] = await t.db.orm.select({ estoque: clubRecompensas.estoque }).from(clubRecompensas).where(eq(clubRecompensas.id, id))
    expect(stock!.estoque).toBe(2)
    const extrato = await statement(student.token)
    expect(extrato.saldo).toBe(200)
    expect(extrato.movimentos.map((line) => [line.tipo, line.origem, line.pontos, line.saldo_apos])).toEqual([
      ['debito', 'resgate', 500, 200],
      ['credito', 'parceria', 700, 700],
    ])
    expect(extrato.movimentos[0]!.descricao).toMatch(/^Resgate: Recompensa /)

    const orders = (await get('/transactions/debit/rewards/', student.token)).json<PedidoRecompensa[]>()
    expect(orders).toEqual([result.pedido])
    const debits = (await get('/transactions/debit/', student.token)).json<{ pontos: number; pedido_id: number }[]>()
    expect(debits).toMatchObject([{ pontos: 500, pedido_id: result.pedido.id }])
  })

  it('uses the oldest points first', async () => {
    const student = await member()
    await credit(student.id, 100, 200)
    await credit(student.id, 100, 100)
    await credit(student.id, 100, 10)
    await redeem(await reward(150), student.token)
    const rows = await t.db.orm
      .select({ credito: clubMovimentos.createdAt, pontos: clubAlocacoes.pontos })
      .from(clubAlocacoes)
      .innerJoin(clubMovimentos, eq(clubMovimentos.id, clubAlocacoes.creditoId))
      .where(eq(clubMovimentos.userId, student.id))
      .orderBy(clubMovimentos.createdAt)
    expect(rows.map((row) => row.pontos)).toEqual([100, 50])
    expect(rows[0]!.credito.getTime()).toBeLessThan(rows[1]!.credito.getTime())
  })

  it('answers 409 with the reason when the balance does not cover it, writing nothing', async () => {
    const student = await member()
    await credit(student.id, 299)
    const id = await reward(300, 1)
    const response = await redeem(id, student.token)
    expect(response.statusCode).toBe(409)
    expect(response.json<{ detail: string }>().detail).toMatch(
      /^Seu saldo de 299 pontos não cobre "Recompensa [0-9a-f]+", que custa 300 pontos\.$/,
    )
    expect(await t.db.orm.select().from(clubPedidosRecompensa).where(eq(clubPedidosRecompensa.userId, student.id))).toEqual([])
    const [stock] = await t.db.orm.select({ estoque: clubRecompensas.estoque }).from(clubRecompensas).where(eq(clubRecompensas.id, id))
    expect(stock!.estoque).toBe(1)
  })

  it('answers 409 when the reward is out of stock, 404 when it is inactive or unknown', async () => {
    const student = await member()
    await credit(student.id, 1000)
    const empty = await redeem(await reward(100, 0), student.token)
    expect(empty.statusCode).toBe(409)
    expect(empty.json<{ detail: string }>().detail).toMatch(/está esgotada no momento\.$/)
    expect((await redeem(await reward(100, 5, false), student.token)).statusCode).toBe(404)
    const unknown = await redeem(2_000_000_000, student.token)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'Recompensa não encontrada ou indisponível.' })
    expect((await statement(student.token)).saldo).toBe(1000)
  })

  it('refuses a student who is not a club member (409), whatever the balance', async () => {
    const student = await member(false)
    await credit(student.id, 1000)
    const response = await redeem(await reward(100), student.token)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: NOT_A_MEMBER })
  })

  it('does not spend points older than 12 months (D23)', async () => {
    const student = await member()
    await credit(student.id, 500, 400)
    await credit(student.id, 100, 5)
    const response = await redeem(await reward(200), student.token)
    expect(response.statusCode).toBe(409)
    expect(response.json<{ detail: string }>().detail).toMatch(/^Seu saldo de 100 pontos/)
  })

  it('of two concurrent redemptions the balance covers only one: exactly one 201, the other 409', async () => {
    for (let round = 0; round < 3; round++) {
      const student = await member()
      await credit(student.id, 300)
      const [a, b] = [await reward(200), await reward(250)]
      const answers = await Promise.all([redeem(a, student.token), redeem(b, student.token)])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json<{ detail: string }>().detail).toMatch(
        /^Seu saldo de (50|100) pontos não cobre/,
      )
      expect(await t.db.orm.select().from(clubPedidosRecompensa).where(eq(clubPedidosRecompensa.userId, student.id))).toHaveLength(1)
      expect((await statement(student.token)).saldo).toBeGreaterThanOrEqual(50)
    }
  })

  it('sells the last unit to exactly one of two students redeeming at once', async () => {
    for (let round = 0; round < 3; round++) {
      const [ana, bia] = await Promise.all([member(), member()])
      await credit(ana.id, 1000)
      await credit(bia.id, 1000)
      const id = await reward(400, 1)
      const answers = await Promise.all([redeem(id, ana.token), redeem(id, bia.token)])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json<{ detail: string }>().detail).toMatch(/está esgotada no momento\.$/)
      const [stock] = await t.db.orm.select({ estoque: clubRecompensas.estoque }).from(clubRecompensas).where(eq(clubRecompensas.id, id))
      expect(stock!.estoque).toBe(0)
      expect(await t.db.orm.select().from(clubPedidosRecompensa).where(eq(clubPedidosRecompensa.recompensaId, id))).toHaveLength(1)
      const balances = [(await statement(ana.token)).saldo, (await statement(bia.token)).saldo].sort()
      expect(balances).toEqual([1000, 600])
    }
  })
})

describe('GET /transactions/extrato/ (statement)', () => {
  it('derives the balance, what expires in 30 days and the expiries from the ledger, with the balance after each line', async () => {
    const student = await member()
    await credit(student.id, 300, 400) // expired 35 days ago, 100 of it spent before
    await credit(student.id, 200, 350) // expires in ~15 days
    await credit(student.id, 500, 20)
    // A debit of 100 taken from the oldest credit while it was still valid.
    const [order] = await t.db.orm
      .insert(clubPedidosRecompensa)
      .values({ userId: student.id, recompensaId: await reward(100), pontos: 100, createdAt: daysAgo(380) })
      .returning()
    const [oldest] = await t.db.orm
      .select({ id: clubMovimentos.id })
      .from(clubMovimentos)
      .where(and(eq(clubMovimentos.userId, student.id), eq(clubMovimentos.pontos, 300)))
    const [debit] = await t.db.orm
      .insert(clubMovimentos)
      .values({
        userId: student.id,
        tipo: 'debito',
        origem: 'resgate',
        referencia: String(order!.id),
        pontos: 100,
        descricao: 'Resgate antigo',
        createdAt: daysAgo(380),
      })
      .returning()
    await t.db.orm.insert(clubAlocacoes).values({ debitoId: debit!.id, creditoId: oldest!.id, pontos: 100 })

    const extrato = await statement(student.token)
    expect(extrato.saldo).toBe(700)
    expect(extrato.expirando_30_dias).toBe(200)
    const expiresIn = (new Date(extrato.proxima_expiracao!).getTime() - Date.now()) / DAY_MS
    expect(expiresIn).toBeGreaterThan(10)
    expect(expiresIn).toBeLessThan(20)
    expect(extrato.codigo_indicacao).toMatch(/^[A-Z2-9]{8}$/)
    expect(extrato.movimentos.map((line) => [line.tipo, line.origem, line.pontos, line.saldo_apos])).toEqual([
      ['credito', 'parceria', 500, 700],
      ['expiracao', 'expiracao', 200, 200],
      ['credito', 'parceria', 200, 400],
      ['debito', 'resgate', 100, 200],
      ['credito', 'parceria', 300, 300],
    ])
  })

  it('filters one month and keeps the balances of the whole history; the referral code stays the same', async () => {
    const student = await member()
    await credit(student.id, 100, 70)
    await credit(student.id, 50, 0)
    const now = new Date()
    const mes = new Date(now.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 7)
    const month = await statement(student.token, `?mes=${mes}`)
    expect(month.movimentos.map((line) => [line.pontos, line.saldo_apos])).toEqual([[50, 150]])
    const all = await statement(student.token)
    expect(all.movimentos).toHaveLength(2)
    expect(all.codigo_indicacao).toBe(month.codigo_indicacao)
    const bad = await get('/transactions/extrato/?mes=2026-13', student.token)
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toEqual({ detail: [{ loc: ['query', 'mes'], msg: 'Informe o mês no formato AAAA-MM.', type: 'regex' }] })
  })

  it('answers only the caller’s own movements', async () => {
    const [me, other] = await Promise.all([member(), member()])
    await credit(other.id, 999)
    const extrato = await statement(me.token)
    expect(extrato).toMatchObject({ saldo: 0, expirando_30_dias: 0, proxima_expiracao: null, movimentos: [] })
    expect((await get('/transactions/debit/rewards/', me.token)).json()).toEqual([])
  })
})

describe('GET and PUT /at-home/parceria-cupom/', () => {
  async function coupon(fields: Partial<typeof clubCuponsParceria.$inferInsert> = {}): Promise<string> {
    const codigo = `TESTE-${randomBytes(4).toString('hex').toUpperCase()}`
    await t.db.orm.insert(clubCuponsParceria).values({
      codigo,
      empresa: 'Empresa Parceira',
      beneficio: 'desconto',
      percentual: 15,
      expiraEm: new Date(Date.now() + 30 * DAY_MS),
      ...fields,
    })
    return codigo
  }
  const attach = (cupom: string, token: string) =>
    t.app.inject(jsonRequest('PUT', '/api/v1/at-home/parceria-cupom/', { cupom }, bearer(token)))

  it('attaches a valid code (any case) and shows it with its benefit', async () => {
    const student = await member()
    expect((await get('/at-home/parceria-cupom/', student.token)).json()).toEqual({ cupom: null })
    const codigo = await coupon()
    const response = await attach(codigo.toLowerCase(), student.token)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<CupomParceria>()).toMatchObject({
      codigo,
      empresa: 'Empresa Parceira',
      beneficio: 'desconto',
      percentual: 15,
      pontos: null,
    })
    expect((await get('/at-home/parceria-cupom/', student.token)).json<{ cupom: CupomParceria }>().cupom).toEqual(response.json())
    // Sending it again is answered the same.
    expect((await attach(codigo, student.token)).statusCode).toBe(200)
  })

  it('refuses unknown, expired and used codes with a clear message', async () => {
    const [student, other] = await Promise.all([member(), member()])
    const unknown = await attach('NAO-EXISTE', student.token)
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { detail: COUPON_UNKNOWN }])
    const expired = await attach(await coupon({ expiraEm: new Date('2026-01-10T12:00:00Z') }), student.token)
    expect([expired.statusCode, expired.json()]).toEqual([400, { detail: 'Este cupom expirou em 10/01/2026.' }])
    const codigo = await coupon()
    expect((await attach(codigo, other.token)).statusCode).toBe(200)
    const used = await attach(codigo, student.token)
    expect([used.statusCode, used.json()]).toEqual([409, { detail: COUPON_USED }])
    expect((await get('/at-home/parceria-cupom/', student.token)).json()).toEqual({ cupom: null })
  })

  it('credits a points coupon once, to a club member only', async () => {
    const [student, outsider] = await Promise.all([member(), member(false)])
    const codigo = await coupon({ beneficio: 'pontos', percentual: null, pontos: 250 })
    const refused = await attach(codigo, outsider.token)
    expect([refused.statusCode, refused.json()]).toEqual([409, { detail: COUPON_POINTS_NEED_MEMBERSHIP }])
    expect((await attach(codigo, student.token)).statusCode).toBe(200)
    expect((await attach(codigo, student.token)).statusCode).toBe(200)
    const extrato = await statement(student.token)
    expect(extrato.saldo).toBe(250)
    expect(extrato.movimentos.map((line) => [line.origem, line.pontos, line.descricao])).toEqual([
      ['parceria', 250, `Cupom de parceria ${codigo} (Empresa Parceira)`],
    ])
  })

  it('gives a code to exactly one of two students sending it at once', async () => {
    const [a, b] = await Promise.all([member(), member()])
    const codigo = await coupon()
    const answers = await Promise.all([attach(codigo, a.token), attach(codigo, b.token)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
  })

  it('slows down a student guessing codes (429 after the limit)', async () => {
    const student = await member()
    for (let i = 0; i < COUPON_ATTEMPTS_LIMIT; i++) expect((await attach(`PALPITE-${i}`, student.token)).statusCode).toBe(400)
    const throttled = await attach('PALPITE-X', student.token)
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json<{ detail: string }>().detail).toMatch(
      /^Muitas tentativas de cupom seguidas\. Aguarde \d+ minutos? e tente novamente\.$/,
    )
  })

  it('refuses a malformed code with 422 and SPEC §5’s texts', async () => {
    const student = await member()
    const empty = await attach('  ', student.token)
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({ detail: [{ loc: ['body', 'cupom'], msg: 'Este campo é obrigatório', type: 'min_length' }] })
    const odd = await attach('cupom com espaço', student.token)
    expect(odd.json()).toEqual({ detail: [{ loc: ['body', 'cupom'], msg: 'Formato inválido', type: 'regex' }] })
  })
})

describe('creditInstalmentOnTime (D23, for the payment confirmation)', () => {
  const parcela = (userId: number, fields: Partial<{ id: number; valorCentavos: number; vencimento: string; pagoEm: string }> = {}) => ({
    id: nextRef++ + 1_000_000,
    userId,
    valorCentavos: 45_100,
    vencimento: '2026-11-10',
    pagoEm: '2026-11-10',
    ...fields,
  })

  it('credits 10 points per whole R$ 100 of an instalment paid on or before its due date, once', async () => {
    const student = await member()
    const paid = parcela(student.id)
    expect(await creditInstalmentOnTime(t.db.orm, paid)).toBe(true)
    expect(await creditInstalmentOnTime(t.db.orm, paid)).toBe(false)
    const extrato = await statement(student.token)
    expect(extrato.saldo).toBe(40)
    expect(extrato.movimentos.map((line) => [line.origem, line.pontos, line.descricao])).toEqual([
      ['parcela', 40, 'Parcela com vencimento em 10/11/2026 paga em dia'],
    ])
  })

  it('credits nothing for a late payment, an instalment under R$ 100 or a student outside the club', async () => {
    const [student, outsider] = await Promise.all([member(), member(false)])
    expect(await creditInstalmentOnTime(t.db.orm, parcela(student.id, { pagoEm: '2026-11-11' }))).toBe(false)
    expect(await creditInstalmentOnTime(t.db.orm, parcela(student.id, { valorCentavos: 9_999 }))).toBe(false)
    expect(await creditInstalmentOnTime(t.db.orm, parcela(outsider.id))).toBe(false)
    expect((await statement(student.token)).saldo).toBe(0)
  })
})
