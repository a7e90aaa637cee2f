import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { IndicacaoGestao, PedidoRecompensaGestao, PedidoRecompensaStatus } from '../../../src/contract/schemas/club.ts'
import * as club from './repository.ts'
import * as managerClub from './staff-repository.ts'
import * as referral from '../referral/repository.ts'
import { isSerialId } from '../../db/ids.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { toPedidoRecompensa, toRecompensa } from './routes.ts'

/**
 * The managers' KNN Club (issue 13, D24, D25, D31): referral leads, reward
 * orders to fulfil and the catalogue. Managers only, online only; every change audited.
 */

export const LEAD_NOT_FOUND = 'Indicação não encontrada'
export const LEAD_FINAL = 'Esta indicação já foi marcada como matriculada e não muda mais.'
export const ORDER_NOT_FOUND = 'Pedido não encontrado'
export const REWARD_NOT_FOUND = 'Recompensa não encontrada'
export const REWARD_NAME_TAKEN = 'Já existe uma recompensa com este nome.'

/** Rows one page lists when the client does not say. */
export const DEFAULT_CLUB_PAGE = 50

/** Why a reward order did not move (409), in the staff's words. */
export function cannotMove(current: PedidoRecompensaStatus, asked: { de: PedidoRecompensaStatus; para: PedidoRecompensaStatus }): string {
  if (current === 'entregue') return 'Este pedido já foi entregue: não há mais o que mudar.'
  if (current === 'cancelado') return 'Este pedido foi cancelado e não muda mais.'
  if (current !== asked.de) return `Este pedido já está "${current}": outra pessoa da equipe o moveu. Confira a lista atualizada.`
  return `De "${current}" o pedido não vai para "${asked.para}".`
}

function toIndicacaoGestao(row: referral.LeadRow): IndicacaoGestao {
  return {
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    email: row.email,
    status: row.status,
    indicado_por: row.indicadoPor,
    creditado: row.credited,
    criado_em: row.createdAt.toISOString(),
    atualizado_em: row.updatedAt.toISOString(),
  }
}

function toPedidoRecompensaGestao(row: managerClub.RewardOrderForStaff): PedidoRecompensaGestao {
  return { ...toPedidoRecompensa(row), aluno: row.aluno }
}

export default async function clubStaffRoutes(app: FastifyInstance) {
  const db = app.db.orm

  contractRoute(app, contract.referralLeads, async ({ query }) => {
    const page = await referral.leadsPage(db, { status: query.status, limit: query.limit ?? DEFAULT_CLUB_PAGE, offset: query.offset ?? 0 })
    return { items: page.items.map(toIndicacaoGestao), total: page.total }
  })

  contractRoute(app, contract.updateReferralLead, async ({ params, body, caller }) => {
    if (!isSerialId(params.id)) throw notFound(LEAD_NOT_FOUND)
    const outcome = await referral.setLeadStatus(db, { leadId: params.id, status: body.status, managerId: caller.id })
    if (outcome.kind === 'notFound') throw notFound(LEAD_NOT_FOUND)
    if (outcome.kind === 'final') throw new HttpError(409, LEAD_FINAL)
    return toIndicacaoGestao((await referral.leadById(db, params.id))!)
  })

  contractRoute(app, contract.rewardOrdersToFulfil, async ({ query }) => {
    const page = await managerClub.rewardOrdersPage(db, {
      status: query.status,
      limit: query.limit ?? DEFAULT_CLUB_PAGE,
      offset: query.offset ?? 0,
    })
    return { items: page.items.map(toPedidoRecompensaGestao), total: page.total, por_status: page.porStatus }
  })

  contractRoute(app, contract.moveRewardOrder, async ({ params, body, caller }) => {
    if (!isSerialId(params.id)) throw notFound(ORDER_NOT_FOUND)
    const outcome = await managerClub.moveRewardOrder(db, { orderId: params.id, from: body.de, to: body.para, managerId: caller.id })
    if (outcome.kind === 'notFound') throw notFound(ORDER_NOT_FOUND)
    if (outcome.kind !== 'moved') throw new HttpError(409, cannotMove(outcome.current, body))
    return toPedidoRecompensaGestao((await managerClub.rewardOrderForStaff(db, params.id))!)
  })

  contractRoute(app, contract.rewardCatalogue, async () => (await club.rewards(db, { includeInactive: true })).map(toRecompensa))

  contractRoute(app, contract.createReward, async ({ body, caller, reply }) => {
    const row = await managerClub.createReward(db, body, caller.id)
    if (!row) throw new HttpError(409, REWARD_NAME_TAKEN)
    reply.code(201)
    return toRecompensa(row)
  })

  contractRoute(app, contract.updateReward, async ({ params, body, caller }) => {
    if (!isSerialId(params.id)) throw notFound(REWARD_NOT_FOUND)
    const outcome = await managerClub.updateReward(db, params.id, body, caller.id)
    if (outcome.kind === 'notFound') throw notFound(REWARD_NOT_FOUND)
    if (outcome.kind === 'nameTaken') throw new HttpError(409, REWARD_NAME_TAKEN)
    return toRecompensa(outcome.reward)
  })
}
