import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CupomParceria, Extrato, PedidoRecompensa, Recompensa } from '../../../src/contract/schemas/club.ts'
import { bearer, demoToken, jsonRequest, testAppForFile } from '../../test/app.ts'
import { clubCuponsParceria, clubIndicacoes, clubMovimentos, clubPedidosRecompensa, clubRecompensas } from './schema.ts'
import { DEMO_COUPON_USED, DEMO_COUPON_VALID, DEMO_REFERRAL_CODE } from './seed.ts'
import { seedDemo } from '../../db/seed.ts'

const t = testAppForFile()
let ana: string

beforeAll(async () => {
  ana = await demoToken(t.app, 'ana')
})

const get = <T>(path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(ana) }).then((response) => {
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  })

describe('the KNN Club demo (issue 13)', () => {
  it('gives Ana a balance with points expiring within 30 days, an expiry already past and her referral code', async () => {
    const extrato = await get<Extrato>('/transactions/extrato/')
    expect(extrato.saldo).toBe(820)
    expect(extrato.expirando_30_dias).toBe(300)
    expect(extrato.codigo_indicacao).toBe(DEMO_REFERRAL_CODE)
    expect(extrato.movimentos.map((line) => [line.tipo, line.origem, line.pontos, line.saldo_apos])).toEqual([
      ['debito', 'resgate', 200, 820],
      ['credito', 'parcela', 150, 1020],
      ['expiracao', 'expiracao', 100, 870],
      ['credito', 'parcela', 250, 970],
      ['credito', 'parcela', 120, 720],
      ['credito', 'indicacao', 500, 600],
      ['debito', 'resgate', 300, 100],
      ['credito', 'parcela', 400, 400],
    ])
  })

  it('has a catalogue of eight rewards, one out of stock, and two orders of Ana’s in different states', async () => {
    const rewards = await get<Recompensa[]>('/rewards/')
    expect(rewards.length).toBeGreaterThanOrEqual(6)
    expect(rewards.filter((reward) => reward.estoque === 0).map((reward) => reward.nome)).toEqual(['Mochila KNN'])
    const orders = await get<PedidoRecompensa[]>('/transactions/debit/rewards/')
    expect(orders.map((order) => [order.recompensa.nome, order.status])).toEqual([
      ['Marcador de páginas KNN', 'solicitado'],
      ['Caneca KNN', 'entregue'],
    ])
  })

  it('has a new referral lead of Ana’s, a valid coupon and a used one', async () => {
    const leads = await t.db.orm.select({ nome: clubIndicacoes.nome, status: clubIndicacoes.status }).from(clubIndicacoes)
    expect(leads).toEqual(expect.arrayContaining([{ nome: 'Juliana Martins', status: 'novo' }]))
    const used = await t.app.inject(jsonRequest('PUT', '/api/v1/at-home/parceria-cupom/', { cupom: DEMO_COUPON_USED }, bearer(ana)))
    expect([used.statusCode, used.json()]).toEqual([409, { detail: 'Este cupom já foi usado.' }])
    const valid = await t.app.inject(jsonRequest('PUT', '/api/v1/at-home/parceria-cupom/', { cupom: DEMO_COUPON_VALID }, bearer(ana)))
    expect(valid.statusCode).toBe(200)
    expect(valid.json<CupomParceria>()).toMatchObject({ codigo: DEMO_COUPON_VALID, beneficio: 'desconto', percentual: 10 })
  })

  it('seeding again adds nothing', async () => {
    const tables = { clubRecompensas, clubCuponsParceria, clubMovimentos, clubPedidosRecompensa, clubIndicacoes }
    const counts = async () => {
      const out: Record<string, number> = {}
      for (const [name, table] of Object.entries(tables)) out[name] = (await t.db.orm.select({ n: count() }).from(table))[0]!.n
      return out
    }
    const before = await counts()
    await seedDemo(t.db.orm)
    expect(await counts()).toEqual(before)
    const [stock] = await t.db.orm
      .select({ estoque: clubRecompensas.estoque })
      .from(clubRecompensas)
      .where(eq(clubRecompensas.nome, 'Caneca KNN'))
    expect(stock!.estoque).toBe(24)
  })
})
