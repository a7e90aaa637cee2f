import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import {
  CupomAtual,
  CupomBody,
  CupomParceria,
  Debito,
  Extrato,
  ExtratoQuery,
  IndicacaoBody,
  IndicacaoGestao,
  IndicacaoResult,
  IndicacaoStatusBody,
  IndicacoesPage,
  IndicacoesQuery,
  IsClubBody,
  MoverPedidoRecompensaBody,
  PedidoRecompensa,
  PedidoRecompensaGestao,
  PedidosRecompensaPage,
  PedidosRecompensaQuery,
  Recompensa,
  RecompensaBody,
  RecompensaEditBody,
  ResgateBody,
  ResgateResult,
} from '../schemas/club.ts'
import { IdParam } from '../schemas/common.ts'
import { CurrentUser } from '../schemas/user.ts'

/**
 * The KNN Club (issue 13, D23–D26): joining, the rewards and their redemption,
 * the points statement, partnership coupons and the public referral form; and the
 * managers' review of leads, reward orders and the catalogue (D31, audited).
 */
export const clubEndpoints = {
  /** Join (or leave) the club (SPEC §7, §8 "Erro ao atualizar status do club"); answers the updated user. */
  updateIsClub: defineEndpoint({
    method: 'PUT',
    path: '/users/is_club/',
    service: 'portal',
    access: 'student',
    body: IsClubBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: false, fallback: 'Erro ao atualizar status do club' },
  }),
  /** The catalogue (D24): active rewards, out-of-stock ones included (stock 0). */
  rewards: defineEndpoint({
    method: 'GET',
    path: '/rewards/',
    service: 'portal',
    access: 'student',
    response: v.array(Recompensa),
    errors: { useDetail: true, fallback: 'Erro ao carregar as recompensas' },
  }),
  /** The caller's debits, newest first (D24). */
  debits: defineEndpoint({
    method: 'GET',
    path: '/transactions/debit/',
    service: 'portal',
    access: 'student',
    response: v.array(Debito),
    errors: { useDetail: true, fallback: 'Erro ao carregar os resgates' },
  }),
  /**
   * Redeems one unit of a reward (D24): in one transaction the balance and the stock are
   * checked and the debit and the order written; 409 with the reason when either falls short.
   */
  redeem: defineEndpoint({
    method: 'POST',
    path: '/transactions/debit/',
    service: 'portal',
    access: 'student',
    body: ResgateBody,
    bodyEncoding: 'json',
    response: ResgateResult,
    errors: { useDetail: true, fallback: 'Erro ao resgatar a recompensa' },
  }),
  /** The caller's reward orders (meus-pedidos), newest first. */
  rewardOrders: defineEndpoint({
    method: 'GET',
    path: '/transactions/debit/rewards/',
    service: 'portal',
    access: 'student',
    response: v.array(PedidoRecompensa),
    errors: { useDetail: true, fallback: 'Erro ao carregar os pedidos de recompensa' },
  }),
  /** Our addition: balance, what expires in 30 days and every movement with the balance after it. */
  statement: defineEndpoint({
    method: 'GET',
    path: '/transactions/extrato/',
    service: 'portal',
    access: 'student',
    query: ExtratoQuery,
    response: Extrato,
    errors: { useDetail: true, fallback: 'Erro ao carregar o extrato' },
  }),
  /** The caller's partnership coupon (D26), the last one attached. */
  partnerCoupon: defineEndpoint({
    method: 'GET',
    path: '/at-home/parceria-cupom/',
    service: 'portal',
    access: 'student',
    response: CupomAtual,
    errors: { useDetail: true, fallback: 'Erro ao carregar o cupom de parceria' },
  }),
  /** Attaches a valid, unexpired, unused coupon (D26); a points coupon credits them at once. */
  attachPartnerCoupon: defineEndpoint({
    method: 'PUT',
    path: '/at-home/parceria-cupom/',
    service: 'portal',
    access: 'student',
    body: CupomBody,
    bodyEncoding: 'json',
    response: CupomParceria,
    errors: { useDetail: true, fallback: 'Erro ao aplicar o cupom de parceria' },
  }),
  /** The friend's referral form (D25, SPEC §7: no token): rate-limited, de-duplicated. */
  referral: defineEndpoint({
    method: 'POST',
    path: '/transactions/credit/indicacao/',
    service: 'portal',
    access: 'public',
    body: IndicacaoBody,
    bodyEncoding: 'json',
    response: IndicacaoResult,
    errors: { useDetail: true, fallback: 'Erro ao enviar a indicação' },
  }),

  // Managers (D31): online only, every change in the audit log.

  referralLeads: defineEndpoint({
    method: 'GET',
    path: '/club/gestao/indicacoes/',
    service: 'portal',
    access: 'manager',
    query: IndicacoesQuery,
    response: IndicacoesPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar as indicações' },
  }),
  /** Moves a lead; `matriculado` credits the referrer 500 points, exactly once (D25). */
  updateReferralLead: defineEndpoint({
    method: 'PUT',
    path: '/club/gestao/indicacoes/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: IndicacaoStatusBody,
    bodyEncoding: 'json',
    response: IndicacaoGestao,
    errors: { byStatus: { 404: 'Indicação não encontrada' }, useDetail: true, fallback: 'Erro ao atualizar a indicação' },
  }),
  rewardOrdersToFulfil: defineEndpoint({
    method: 'GET',
    path: '/club/gestao/pedidos/',
    service: 'portal',
    access: 'manager',
    query: PedidosRecompensaQuery,
    response: PedidosRecompensaPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar os pedidos de recompensa' },
  }),
  /** solicitado → separado → entregue, or cancelado (points and stock given back once); 409 when stale. */
  moveRewardOrder: defineEndpoint({
    method: 'POST',
    path: '/club/gestao/pedidos/{id}/mover/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: MoverPedidoRecompensaBody,
    bodyEncoding: 'json',
    response: PedidoRecompensaGestao,
    errors: { byStatus: { 404: 'Pedido não encontrado' }, useDetail: true, fallback: 'Erro ao atualizar o pedido' },
  }),
  /** The whole catalogue, inactive rewards included. */
  rewardCatalogue: defineEndpoint({
    method: 'GET',
    path: '/club/gestao/recompensas/',
    service: 'portal',
    access: 'manager',
    response: v.array(Recompensa),
    errors: { useDetail: true, fallback: 'Erro ao carregar as recompensas' },
  }),
  createReward: defineEndpoint({
    method: 'POST',
    path: '/club/gestao/recompensas/',
    service: 'portal',
    access: 'manager',
    body: RecompensaBody,
    bodyEncoding: 'json',
    response: Recompensa,
    errors: { useDetail: true, fallback: 'Erro ao criar a recompensa' },
  }),
  /** Edit, restock, activate or deactivate: only the fields sent change. */
  updateReward: defineEndpoint({
    method: 'PUT',
    path: '/club/gestao/recompensas/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    body: RecompensaEditBody,
    bodyEncoding: 'json',
    response: Recompensa,
    errors: { byStatus: { 404: 'Recompensa não encontrada' }, useDetail: true, fallback: 'Erro ao atualizar a recompensa' },
  }),
} as const
