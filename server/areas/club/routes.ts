import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { CupomParceria, Recompensa } from '../../../src/contract/schemas/club.ts'
import * as club from './repository.ts'
import { referralCodeOf } from '../referral/repository.ts'
import { orderUsingCoupon } from '../orders/create-repository.ts'
import { reserveAttempts } from '../auth/login-failures-repository.ts'
import { forUser } from '../users/repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts'
import { parseTmz } from '../../http/tmz.ts'
import { toCurrentUser } from '../users/routes.ts'

/**
 * The student's KNN Club (issue 13, D23, D24, D26): joining, the catalogue,
 * redemptions, the statement and partnership coupons. Only the caller's own data.
 */

export const NOT_A_MEMBER = 'Você ainda não participa do KNN Club: toque em "Participar" em Meu clube para trocar pontos.'
export const REWARD_NOT_FOUND = 'Recompensa não encontrada ou indisponível.'
export const COUPON_UNKNOWN = 'Cupom inválido: confira o código informado.'
export const COUPON_USED = 'Este cupom já foi usado.'
export const COUPON_POINTS_NEED_MEMBERSHIP = 'Este cupom dá pontos do KNN Club: participe do clube em Meu clube e tente de novo.'

/** Coupon attempts one student may make per 15 minutes: guessing codes stays slow. */
export const COUPON_ATTEMPTS_LIMIT = 10

const dateBr = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })
const points = new Intl.NumberFormat('pt-BR')

export function outOfStock(nome: string): string {
  return `"${nome}" está esgotada no momento.`
}

export function insufficientBalance(nome: string, saldo: number, custo: number): string {
  return `Seu saldo de ${points.format(saldo)} pontos não cobre "${nome}", que custa ${points.format(custo)} pontos.`
}

export function couponExpired(expiraEm: Date): string {
  return `Este cupom expirou em ${dateBr.format(expiraEm)}.`
}

export function toRecompensa(row: club.ClubRecompensaRow): Recompensa {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    imagem: row.imagem,
    custo: row.custo,
    estoque: row.estoque,
    ativo: row.ativo,
  }
}

export function toPedidoRecompensa(row: club.RewardOrderRow) {
  return {
    id: row.id,
    recompensa: row.recompensa,
    pontos: row.pontos,
    status: row.status,
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  }
}

function toCupom(row: club.ClubCupomParceriaRow, usadoNoPedido: string | null = null): CupomParceria {
  return {
    codigo: row.codigo,
    empresa: row.empresa,
    beneficio: row.beneficio,
    percentual: row.percentual,
    pontos: row.pontos,
    expira_em: row.expiraEm.toISOString(),
    vinculado_em: row.usadoEm!.toISOString(),
    usado_no_pedido: usadoNoPedido,
  }
}

export default async function clubRoutes(app: FastifyInstance) {
  const db = app.db.orm

  contractRoute(app, contract.updateIsClub, async ({ caller, body }) => {
    if (!(await club.setClubMembership(db, caller.id, body.is_club))) throw unauthorized()
    const profile = await forUser(db, caller.id).profile()
    if (!profile) throw unauthorized()
    return toCurrentUser(profile)
  })

  contractRoute(app, contract.rewards, async () => (await club.rewards(db, { includeInactive: false })).map(toRecompensa))

  contractRoute(app, contract.debits, async ({ caller }) =>
    (await club.debitsOf(db, caller.id)).map((row) => ({
      id: row.id,
      pontos: row.pontos,
      descricao: row.descricao,
      data: row.at.toISOString(),
      pedido_id: Number(row.referencia),
    })),
  )

  contractRoute(app, contract.redeem, async ({ caller, body, reply }) => {
    const outcome = await club.redeem(db, caller.id, body.recompensa_id)
    switch (outcome.kind) {
      case 'notMember':
        throw new HttpError(409, NOT_A_MEMBER)
      case 'notFound':
        throw notFound(REWARD_NOT_FOUND)
      case 'outOfStock':
        throw new HttpError(409, outOfStock(outcome.nome))
      case 'insufficient':
        throw new HttpError(409, insufficientBalance(outcome.nome, outcome.saldo, outcome.custo))
      case 'redeemed':
        reply.code(201)
        return { pedido: toPedidoRecompensa(outcome.order), saldo: outcome.saldo }
    }
  })

  contractRoute(app, contract.rewardOrders, async ({ caller }) => (await club.rewardOrdersOf(db, caller.id)).map(toPedidoRecompensa))

  contractRoute(app, contract.statement, async ({ caller, query, request }) => {
    const now = new Date()
    const [balance, lines, codigo] = await Promise.all([
      club.balanceOf(db, caller.id, now),
      club.statementOf(db, caller.id, { now, mes: query.mes, offsetHours: parseTmz(request.headers.tmz) }),
      referralCodeOf(db, caller.id),
    ])
    return {
      saldo: balance.saldo,
      expirando_30_dias: balance.expirando,
      proxima_expiracao: balance.proximaExpiracao?.toISOString() ?? null,
      codigo_indicacao: codigo,
      movimentos: lines.map((line) => ({
        id: line.id,
        tipo: line.tipo,
        origem: line.origem,
        descricao: line.descricao,
        pontos: line.pontos,
        data: line.at.toISOString(),
        saldo_apos: line.saldoApos,
      })),
    }
  })

  contractRoute(app, contract.partnerCoupon, async ({ caller }) => {
    const coupon = await club.currentCoupon(db, caller.id)
    return { cupom: coupon ? toCupom(coupon, await orderUsingCoupon(db, coupon.id)) : null }
  })

  contractRoute(app, contract.attachPartnerCoupon, async ({ caller, body }) => {
    const reservation = await reserveAttempts(db, [{ scope: 'partnerCoupon', value: String(caller.id), limit: COUPON_ATTEMPTS_LIMIT }])
    if (!reservation.granted) throw tooManyRequests('Muitas tentativas de cupom seguidas.', reservation.retryAfterSeconds)
    const outcome = await club.attachCoupon(db, caller.id, body.cupom)
    switch (outcome.kind) {
      case 'unknown':
        throw new HttpError(400, COUPON_UNKNOWN)
      case 'expired':
        throw new HttpError(400, couponExpired(outcome.expiraEm))
      case 'used':
        throw new HttpError(409, COUPON_USED)
      case 'pointsNeedMembership':
        throw new HttpError(409, COUPON_POINTS_NEED_MEMBERSHIP)
      case 'attached':
        return toCupom(outcome.coupon)
    }
  })
}
