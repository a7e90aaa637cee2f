import { beforeAll, describe, expect, it } from 'vitest'
import type { Financeiro } from '../../../src/contract/schemas/financeiro.ts'
import { addDays } from '../../db/seed-school.ts'
import { parcelas } from './schema.ts'
import { localToday } from '../../http/tmz.ts'
import { STUDENTS_ONLY } from '../../plugins/auth.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, demoToken, testAppForFile } from '../../test/app.ts'
import { instalmentStatus, toFinanceiro } from './routes.ts'

describe('instalmentStatus (D21)', () => {
  const unpaid = { pagoEm: null, vencimento: '2026-11-21' }
  it('is aberto on the due date itself and vencido from the next day', () => {
    expect(instalmentStatus(unpaid, '2026-11-20')).toBe('aberto')
    expect(instalmentStatus(unpaid, '2026-11-21')).toBe('aberto')
    expect(instalmentStatus(unpaid, '2026-11-22')).toBe('vencido')
  })

  it("follows the caller's calendar: 23:30 in UTC-3 on the due date is not overdue yet, though UTC is the next day", () => {
    const now = new Date('2026-11-22T02:30:00Z')
    expect(instalmentStatus(unpaid, localToday(now, -3))).toBe('aberto')
    expect(instalmentStatus(unpaid, localToday(now, 0))).toBe('vencido')
  })

  it('is pago once paid, whatever the dates', () => {
    expect(instalmentStatus({ pagoEm: '2026-12-01', vencimento: '2026-11-21' }, '2027-01-01')).toBe('pago')
  })

  it('totals by status in cents, the paid one by the amount paid', () => {
    const base = { descricao: 'Mensalidade', totalParcelas: 3, valorCentavos: 45_100 }
    const result = toFinanceiro(
      [
        { ...base, id: 1, numero: 1, vencimento: '2026-09-10', valorPagoCentavos: 44_000, pagoEm: '2026-09-09' },
        { ...base, id: 2, numero: 2, vencimento: '2026-10-10', valorPagoCentavos: null, pagoEm: null },
        { ...base, id: 3, numero: 3, vencimento: '2026-11-10', valorPagoCentavos: null, pagoEm: null },
      ],
      '2026-11-01',
    )
    expect(result.parcelas.map((parcela) => parcela.status)).toEqual(['pago', 'vencido', 'aberto'])
    expect(result.totais).toEqual({ pago: 44_000, vencido: 45_100, aberto: 45_100 })
  })
})

const t = testAppForFile()
let ana: string
let lucas: string
let marina: string
let gestor: string

const financeiro = (token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/at-home/financeiro/', headers: { ...(token ? bearer(token) : {}), ...headers } })

beforeAll(async () => {
  ;[ana, lucas, marina, gestor] = await Promise.all([
    demoToken(t.app, 'ana'),
    demoToken(t.app, 'lucas'),
    demoToken(t.app, 'marina'),
    demoToken(t.app, 'gestor'),
  ])
})

describe('GET /at-home/financeiro/', () => {
  it('answers 401 without a token', async () => {
    const response = await financeiro()
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
  })

  it("gives the demo student's instalments by due date: 4 paid, 2 overdue, 4 open, with totals in cents", async () => {
    const response = await financeiro(ana)
    expect(response.statusCode).toBe(200)
    const body = response.json<Financeiro>()
    expect(body.parcelas).toHaveLength(10)
    expect(body.parcelas.map((parcela) => parcela.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const dueDates = body.parcelas.map((parcela) => parcela.vencimento)
    expect(dueDates).toEqual([...dueDates].sort())
    expect(body.parcelas.map((parcela) => parcela.status)).toEqual([
      'pago',
      'pago',
      'pago',
      'pago',
      'vencido',
      'vencido',
      'aberto',
      'aberto',
      'aberto',
      'aberto',
    ])
    expect(body.parcelas[0]).toMatchObject({
      descricao: 'Mensalidade — Inglês Intermediário 2',
      total_parcelas: 10,
      valor: 45_100,
      valor_pago: 45_100,
    })
    expect(body.parcelas[0]!.pago_em! < body.parcelas[0]!.vencimento).toBe(true)
    expect(body.parcelas[4]).toMatchObject({ valor_pago: null, pago_em: null, status: 'vencido' })
    expect(body.totais).toEqual({ pago: 4 * 45_100, vencido: 2 * 45_100, aberto: 4 * 45_100 })
  })

  it('gives each sibling only their own instalments; a manager is refused (D7)', async () => {
    const anaIds = new Set((await financeiro(ana)).json<Financeiro>().parcelas.map((parcela) => parcela.id))
    const lucasBody = (await financeiro(lucas)).json<Financeiro>()
    expect(lucasBody.parcelas.map((parcela) => parcela.status)).toEqual(['pago', 'pago', 'pago', 'aberto'])
    expect(lucasBody.totais).toEqual({ pago: 135_300, vencido: 0, aberto: 45_100 })
    const marinaBody = (await financeiro(marina)).json<Financeiro>()
    expect(marinaBody.parcelas.map((parcela) => parcela.status)).toEqual(['pago', 'vencido', 'aberto', 'aberto'])
    expect(marinaBody.totais).toEqual({ pago: 44_100, vencido: 44_100, aberto: 88_200 })
    for (const parcela of [...lucasBody.parcelas, ...marinaBody.parcelas]) expect(anaIds.has(parcela.id)).toBe(false)
    const refused = await financeiro(gestor)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ detail: STUDENTS_ONLY })
  })

  it("decides overdue by the caller's today from the tmz header (D21), -3 when absent or invalid", async () => {
    const student = await createAccount(t.app, t.db)
    // UTC-12 and UTC+14 are 26 h apart: at any instant their dates differ.
    const now = new Date()
    const westToday = localToday(now, -12)
    const brazilToday = localToday(now, -3)
    const base = { userId: student.id, descricao: 'Teste tmz', totalParcelas: 3, valorCentavos: 10_000 }
    await t.db.orm.insert(parcelas).values([
      { ...base, numero: 1, vencimento: westToday },
      { ...base, numero: 2, vencimento: brazilToday },
      { ...base, numero: 3, vencimento: addDays(brazilToday, -1) },
    ])
    const statuses = async (headers: Record<string, string>) =>
      (await financeiro(student.token, headers)).json<Financeiro>().parcelas.map((parcela) => [parcela.numero, parcela.status])

    expect(await statuses({ tmz: '-12' })).toContainEqual([1, 'aberto'])
    expect(await statuses({ tmz: '14' })).toContainEqual([1, 'vencido'])
    expect((await statuses({})).length).toBe(3)
    for (const headers of [{}, { tmz: '-3' }, { tmz: 'talvez' }] as Record<string, string>[]) {
      const got = await statuses(headers)
      expect(got, JSON.stringify(headers)).toContainEqual([2, 'aberto'])
      expect(got, JSON.stringify(headers)).toContainEqual([3, 'vencido'])
    }
  })
})
