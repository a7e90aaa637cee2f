import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { creditPoints, redeem } from './repository.ts'
import { setReferralCode } from '../referral/repository.ts'
import { clubCuponsParceria, clubIndicacoes, clubMovimentos, clubPedidosRecompensa, clubRecompensas } from './schema.ts'

/**
 * The KNN Club's demo (issue 13 "Demo data"): a catalogue of eight rewards (one out
 * of stock), two partnership coupons (one valid, one already used by another student), and
 * for Ana (aluno@example.com, a member) a history relative to the first seeding: points
 * that expired, points expiring within 30 days, two reward orders (entregue, solicitado),
 * an enrolled referral that earned her 500 points and a new lead. Seeding again adds
 * nothing: the catalogue and coupons by their unique names, Ana's history only while she
 * has none.
 */

/** Ana's referral link is /indicacao/ANASOUZA. */
export const DEMO_REFERRAL_CODE = 'ANASOUZA'
/** A valid 10% coupon and a used one (README). */
export const DEMO_COUPON_VALID = 'PARCEIRA10'
export const DEMO_COUPON_USED = 'PARCEIRA15'
/** 10 % off, attached to cupom@ (Clara) for the e2e run of an order with a coupon. */
export const DEMO_COUPON_ATTACHED = 'EMPRESA10'

export const DEMO_REWARDS = [
  { nome: 'Marcador de páginas KNN', descricao: 'Kit com 5 marcadores magnéticos.', custo: 200, estoque: 50 },
  { nome: 'Caneca KNN', descricao: 'Caneca de cerâmica de 300 ml com o logo da escola.', custo: 300, estoque: 25 },
  { nome: 'Squeeze KNN', descricao: 'Garrafa de 500 ml, livre de BPA.', custo: 450, estoque: 40 },
  { nome: 'Livro paradidático', descricao: 'Um livro de leitura graduada do seu nível.', custo: 600, estoque: 20 },
  { nome: 'Vale-cinema', descricao: 'Um ingresso de cinema em rede parceira.', custo: 700, estoque: 10 },
  { nome: 'Camiseta KNN', descricao: 'Camiseta de algodão, tamanhos P a GG.', custo: 800, estoque: 15 },
  { nome: 'Mochila KNN', descricao: 'Mochila com compartimento para notebook.', custo: 1500, estoque: 0 },
  { nome: 'Fone de ouvido bluetooth', descricao: 'Fone sem fio para praticar listening em qualquer lugar.', custo: 2000, estoque: 5 },
] as const

const DAY_MS = 24 * 3600 * 1000

export async function seedClub(db: Db, userIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)
  await db
    .insert(clubRecompensas)
    .values(DEMO_REWARDS.map((reward) => ({ ...reward })))
    .onConflictDoNothing()
  await db
    .insert(clubCuponsParceria)
    .values([
      {
        codigo: DEMO_COUPON_VALID,
        empresa: 'Construtora Horizonte',
        beneficio: 'desconto',
        percentual: 10,
        expiraEm: new Date(now.getTime() + 365 * DAY_MS),
      },
      {
        codigo: DEMO_COUPON_USED,
        empresa: 'Construtora Horizonte',
        beneficio: 'desconto',
        percentual: 15,
        expiraEm: new Date(now.getTime() + 365 * DAY_MS),
        usadoPor: userIds.get('marina.pereira@example.com') ?? null,
        usadoEm: ago(20),
      },
      {
        codigo: DEMO_COUPON_ATTACHED,
        empresa: 'Hospital Bom Pastor',
        beneficio: 'desconto',
        percentual: 10,
        expiraEm: new Date(now.getTime() + 365 * DAY_MS),
        usadoPor: userIds.get('cupom@example.com') ?? null,
        usadoEm: ago(2),
      },
    ])
    .onConflictDoNothing()

  const ana = userIds.get('aluno@example.com')
  if (ana === undefined) return
  await setReferralCode(db, ana, DEMO_REFERRAL_CODE)
  const [history] = await db.select({ id: clubMovimentos.id }).from(clubMovimentos).where(eq(clubMovimentos.userId, ana)).limit(1)
  if (history) return

  const rewardId = async (nome: string) =>
    (await db.select({ id: clubRecompensas.id }).from(clubRecompensas).where(eq(clubRecompensas.nome, nome)))[0]!.id
  const credit = (origem: 'parcela' | 'indicacao', referencia: string, pontos: number, descricao: string, days: number) =>
    creditPoints(db, { userId: ana, origem, referencia, pontos, descricao, at: ago(days) })

  // In time order: a debit uses the credits that exist when it is made.
  await credit('parcela', 'demo-ana-1', 400, 'Parcelas pagas em dia', 380)
  const delivered = await redeem(db, ana, await rewardId('Caneca KNN'), ago(370))
  if (delivered.kind === 'redeemed') {
    await db
      .update(clubPedidosRecompensa)
      .set({ status: 'entregue', updatedAt: ago(360) })
      .where(eq(clubPedidosRecompensa.id, delivered.order.id))
  }
  // 100 of the first credit were never spent: they expired 15 days ago.
  const [lead] = await db
    .insert(clubIndicacoes)
    .values({
      referrerId: ana,
      nome: 'Bruno Costa',
      telefone: '11955551234',
      email: 'bruno.costa@example.com',
      status: 'matriculado',
      consentimentoEm: ago(360),
      createdAt: ago(360),
      updatedAt: ago(345),
    })
    .onConflictDoNothing()
    .returning({ id: clubIndicacoes.id })
  // Expires in 20 days: what is left of it shows as "expiring in the next 30 days".
  if (lead) await credit('indicacao', String(lead.id), 500, 'Indicação matriculada: Bruno Costa', 345)
  await credit('parcela', 'demo-ana-2', 120, 'Parcela paga em dia', 90)
  await credit('parcela', 'demo-ana-3', 250, 'Parcela paga em dia', 30)
  await credit('parcela', 'demo-ana-4', 150, 'Parcela paga em dia', 10)
  await redeem(db, ana, await rewardId('Marcador de páginas KNN'), ago(5))
  await db
    .insert(clubIndicacoes)
    .values({
      referrerId: ana,
      nome: 'Juliana Martins',
      telefone: '11912345678',
      email: 'juliana.martins@example.com',
      consentimentoEm: ago(2),
      createdAt: ago(2),
      updatedAt: ago(2),
    })
    .onConflictDoNothing()
}
