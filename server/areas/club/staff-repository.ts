import { asc, count, desc, eq, sql } from 'drizzle-orm'
import { STATUS_PEDIDO_RECOMPENSA, type PedidoRecompensaStatus } from '../../../src/contract/schemas/club.ts'
import type { Db } from '../../db/client.ts'
import { clubPedidosRecompensa, clubRecompensas, type ClubRecompensaRow } from './schema.ts'
import { users } from '../users/schema.ts'
import { creditPoints, rewardOrderColumns, toRewardOrderRow, type RewardOrderRow } from './repository.ts'
import { isUniqueViolation } from '../../db/pg-errors.ts'
import { recordManagerAction } from '../../db/manager-audit.ts'
import { countsByStatus, pageFromNearerEnd, refuseStaffMove, totalShown, type StaffMoveRefusal } from '../../db/staff-queue.ts'

/**
 * The managers' side of the club's rewards (issue 13, D24, D31): the reward orders to
 * fulfil, a staff queue (../../db/staff-queue.ts), and the catalogue. Every change is written to the audit log in its transaction.
 */

export const REWARD_ORDER_ACTION = 'club.reward-order.move'
export const REWARD_ORDER_ENTITY = 'club_pedido_recompensa'
export const REWARD_CREATE_ACTION = 'club.reward.create'
export const REWARD_UPDATE_ACTION = 'club.reward.update'
export const REWARD_ENTITY = 'club_recompensa'

/** Where each status may go (D24): one step forward, or a cancel before delivery. */
export const REWARD_ORDER_MOVES: Readonly<Record<PedidoRecompensaStatus, readonly PedidoRecompensaStatus[]>> = {
  solicitado: ['separado', 'cancelado'],
  separado: ['entregue', 'cancelado'],
  entregue: [],
  cancelado: [],
}

export interface RewardOrderForStaff extends RewardOrderRow {
  aluno: { id: number; nome: string | null; email: string | null }
}

async function ordersWhere(
  db: Db,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
  offset: number,
  reversed = false,
): Promise<RewardOrderForStaff[]> {
  const rows = await db
    .select({ ...rewardOrderColumns, alunoId: users.id, alunoNome: users.fullName, alunoEmail: users.email })
    .from(clubPedidosRecompensa)
    .innerJoin(clubRecompensas, eq(clubRecompensas.id, clubPedidosRecompensa.recompensaId))
    .innerJoin(users, eq(users.id, clubPedidosRecompensa.userId))
    .where(where)
    // Oldest first: the longest wait comes first.
    .orderBy(
      ...(reversed
        ? [desc(clubPedidosRecompensa.createdAt), desc(clubPedidosRecompensa.id)]
        : [asc(clubPedidosRecompensa.createdAt), asc(clubPedidosRecompensa.id)]),
    )
    .limit(limit)
    .offset(offset)
  return (reversed ? rows.reverse() : rows).map(({ alunoId, alunoNome, alunoEmail, ...order }) => ({
    ...toRewardOrderRow(order),
    aluno: { id: alunoId, nome: alunoNome, email: alunoEmail },
  }))
}

export async function rewardOrdersPage(
  db: Db,
  filter: { status?: PedidoRecompensaStatus; limit: number; offset: number },
): Promise<{ items: RewardOrderForStaff[]; total: number; porStatus: { status: PedidoRecompensaStatus; total: number }[] }> {
  // The counts first: the page's end decides which way it is read.
  const counted = await db
    .select({ status: clubPedidosRecompensa.status, n: count() })
    .from(clubPedidosRecompensa)
    .groupBy(clubPedidosRecompensa.status)
  const porStatus = countsByStatus(STATUS_PEDIDO_RECOMPENSA, counted)
  const total = totalShown(porStatus, filter.status && [filter.status])
  const { reversed, limit, offset } = pageFromNearerEnd({ limit: filter.limit, offset: filter.offset, total })
  const where = filter.status ? eq(clubPedidosRecompensa.status, filter.status) : undefined
  return { items: await ordersWhere(db, where, limit, offset, reversed), total, porStatus }
}

export async function rewardOrderForStaff(db: Db, id: number): Promise<RewardOrderForStaff | undefined> {
  return (await ordersWhere(db, eq(clubPedidosRecompensa.id, id), 1, 0))[0]
}

export type RewardOrderMoveOutcome = { kind: 'moved' } | StaffMoveRefusal<PedidoRecompensaStatus>

/**
 * Moves a reward order one step under a row lock. A cancel gives the points back as a
 * credit (`estorno`, referenced by the order: once, whatever races) and the unit back to
 * the stock, in the same transaction as the move and its audit row.
 */
export async function moveRewardOrder(
  db: Db,
  move: { orderId: number; from: PedidoRecompensaStatus; to: PedidoRecompensaStatus; managerId: number },
  now = new Date(),
): Promise<RewardOrderMoveOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(clubPedidosRecompensa).where(eq(clubPedidosRecompensa.id, move.orderId)).for('update')
    if (!order) return { kind: 'notFound' }
    const refused = refuseStaffMove(order, move.from, (current) => REWARD_ORDER_MOVES[current].includes(move.to))
    if (refused) return refused
    await tx.update(clubPedidosRecompensa).set({ status: move.to, updatedAt: now }).where(eq(clubPedidosRecompensa.id, order.id))
    let devolvido = false
    if (move.to === 'cancelado') {
      const [reward] = await tx
        .update(clubRecompensas)
        .set({ estoque: sql`${clubRecompensas.estoque} + 1`, updatedAt: now })
        .where(eq(clubRecompensas.id, order.recompensaId))
        .returning({ nome: clubRecompensas.nome })
      devolvido = await creditPoints(tx, {
        userId: order.userId,
        origem: 'estorno',
        referencia: order.id,
        pontos: order.pontos,
        descricao: `Resgate cancelado: ${reward?.nome ?? 'recompensa'}`,
        at: now,
      })
    }
    await recordManagerAction(tx, {
      managerId: move.managerId,
      action: REWARD_ORDER_ACTION,
      entity: REWARD_ORDER_ENTITY,
      entityId: order.id,
      before: { status: order.status },
      after: { status: move.to, ...(move.to === 'cancelado' ? { pontos_devolvidos: devolvido ? order.pontos : 0 } : {}) },
    })
    return { kind: 'moved' }
  })
}

export interface RewardFields {
  nome: string
  descricao: string
  imagem: string | null
  custo: number
  estoque: number
  ativo: boolean
}

/** The columns a reward's audit row keeps. */
function auditedReward(row: ClubRecompensaRow): RewardFields {
  return { nome: row.nome, descricao: row.descricao, imagem: row.imagem, custo: row.custo, estoque: row.estoque, ativo: row.ativo }
}

/** A new reward; undefined when another has the same name. */
export async function createReward(db: Db, fields: RewardFields, managerId: number): Promise<ClubRecompensaRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clubRecompensas).values(fields).onConflictDoNothing().returning()
    if (!row) return undefined
    await recordManagerAction(tx, {
      managerId,
      action: REWARD_CREATE_ACTION,
      entity: REWARD_ENTITY,
      entityId: row.id,
      before: null,
      after: auditedReward(row),
    })
    return row
  })
}

export type RewardUpdateOutcome = { kind: 'updated'; reward: ClubRecompensaRow } | { kind: 'notFound' } | { kind: 'nameTaken' }

/** Changes the fields sent (an absolute stock among them), under a row lock, audited. */
export async function updateReward(
  db: Db,
  id: number,
  fields: Partial<RewardFields>,
  managerId: number,
  now = new Date(),
): Promise<RewardUpdateOutcome> {
  try {
    return await updateRewardOnce(db, id, fields, managerId, now)
  } catch (error) {
    // Two managers giving two rewards the same new name at the same instant: the index refuses one.
    if (isUniqueViolation(error)) return { kind: 'nameTaken' }
    throw error
  }
}

async function updateRewardOnce(
  db: Db,
  id: number,
  fields: Partial<RewardFields>,
  managerId: number,
  now: Date,
): Promise<RewardUpdateOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(clubRecompensas).where(eq(clubRecompensas.id, id)).for('update')
    if (!before) return { kind: 'notFound' }
    if (fields.nome !== undefined && fields.nome !== before.nome) {
      const [taken] = await tx.select({ id: clubRecompensas.id }).from(clubRecompensas).where(eq(clubRecompensas.nome, fields.nome))
      if (taken) return { kind: 'nameTaken' }
    }
    const [after] = await tx
      .update(clubRecompensas)
      .set({ ...fields, updatedAt: now })
      .where(eq(clubRecompensas.id, id))
      .returning()
    await recordManagerAction(tx, {
      managerId,
      action: REWARD_UPDATE_ACTION,
      entity: REWARD_ENTITY,
      entityId: id,
      before: auditedReward(before),
      after: auditedReward(after!),
    })
    return { kind: 'updated', reward: after! }
  })
}
