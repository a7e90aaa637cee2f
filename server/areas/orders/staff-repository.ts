import { and, asc, desc, eq, inArray, max, type SQL } from 'drizzle-orm'
import { FULFILMENT_STATUS_IDS, type FulfilmentStatusId } from '../../../src/contract/endpoints/manager-orders.ts'
import { nextOrderStatus } from '../../../src/machines/order.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { moveOrder } from './lifecycle.ts'
import type { Db } from '../../db/client.ts'
import { preInvoiceStatusCounts, preInvoices } from './schema.ts'

import { users } from '../users/schema.ts'
import { itemsOf, type OrderItem } from './repository.ts'
import { recordManagerAction } from '../../db/manager-audit.ts'
import { countsByStatus, pageFromNearerEnd, refuseStaffMove, totalShown, type StaffMoveRefusal } from '../../db/staff-queue.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'

/**
 * The managers' order fulfilment (issue 12, D31): every student's paid orders not
 * delivered yet, a staff queue (../../db/staff-queue.ts), and the staff's moves along them,
 * each written to the audit log in the same transaction.
 */

/** The audit log's names for a fulfilment move (manager_audit_log.action / entity). */
export const ADVANCE_ACTION = 'pre-invoice.advance'
export const ORDER_ENTITY = 'pre_invoice'

export interface OrderForStaff {
  id: number
  numero: string
  status: OrderStatusId
  createdAt: Date
  aluno: { id: number; nome: string | null; email: string | null }
  itens: OrderItem[]
  /** The last fulfilment move (the audit log); null when none yet. */
  movidoEm: Date | null
}

export interface FulfilmentFilter {
  status?: FulfilmentStatusId
  limit: number
  offset: number
}

/** Orders matching `where`, oldest first (the longest wait first), with their items and last move. */
async function ordersWhere(db: Db, where: SQL | undefined, limit: number, offset: number, reversed = false): Promise<OrderForStaff[]> {
  const read = await db
    .select({
      id: preInvoices.id,
      numero: preInvoices.numero,
      status: preInvoices.status,
      createdAt: preInvoices.createdAt,
      alunoId: users.id,
      nome: users.fullName,
      email: users.email,
    })
    .from(preInvoices)
    .innerJoin(users, eq(users.id, preInvoices.userId))
    .where(where)
    .orderBy(...(reversed ? [desc(preInvoices.createdAt), desc(preInvoices.id)] : [asc(preInvoices.createdAt), asc(preInvoices.id)]))
    .limit(limit)
    .offset(offset)
  const page = reversed ? read.reverse() : read
  if (page.length === 0) return []
  const ids = page.map((order) => order.id)
  const [itemsByOrder, moves] = await Promise.all([
    itemsOf(db, ids),
    db
      .select({ entityId: managerAuditLog.entityId, at: max(managerAuditLog.at) })
      .from(managerAuditLog)
      .where(
        and(
          eq(managerAuditLog.entity, ORDER_ENTITY),
          eq(managerAuditLog.action, ADVANCE_ACTION),
          inArray(managerAuditLog.entityId, ids.map(String)),
        ),
      )
      .groupBy(managerAuditLog.entityId),
  ])
  const movedAt = new Map(moves.map((move) => [move.entityId, move.at]))
  return page.map(({ alunoId, nome, email, ...order }) => ({
    ...order,
    aluno: { id: alunoId, nome, email },
    itens: itemsByOrder.get(order.id) ?? [],
    movidoEm: movedAt.get(String(order.id)) ?? null,
  }))
}

/** One page of the orders to fulfil, with how many wait in each fulfilment status. */
export async function fulfilmentPage(
  db: Db,
  filter: FulfilmentFilter,
): Promise<{ items: OrderForStaff[]; total: number; porStatus: { status: FulfilmentStatusId; total: number }[] }> {
  const statuses: readonly FulfilmentStatusId[] = filter.status === undefined ? FULFILMENT_STATUS_IDS : [filter.status]
  // The counts first: the page's end decides which way it is read. They are kept beside the
  // orders (schema.ts): counting the waiting orders themselves read all of them on every page.
  const counted = await db
    .select({ status: preInvoiceStatusCounts.status, n: preInvoiceStatusCounts.total })
    .from(preInvoiceStatusCounts)
    .where(inArray(preInvoiceStatusCounts.status, [...FULFILMENT_STATUS_IDS]))
  const porStatus = countsByStatus(FULFILMENT_STATUS_IDS, counted)
  const total = totalShown(porStatus, statuses)
  const { reversed, limit, offset } = pageFromNearerEnd({ limit: filter.limit, offset: filter.offset, total })
  const items = await ordersWhere(db, inArray(preInvoices.status, [...statuses]), limit, offset, reversed)
  return { items, total, porStatus }
}

/** Any order by id, whatever its status (the answer to a move: it may be delivered now). */
export async function orderForStaff(db: Db, id: number): Promise<OrderForStaff | undefined> {
  return (await ordersWhere(db, eq(preInvoices.id, id), 1, 0))[0]
}

/** `forbidden`: from where it is, the order machine does not take it to the status asked for. */
export type AdvanceOutcome = { kind: 'moved'; from: OrderStatusId; to: OrderStatusId } | StaffMoveRefusal<OrderStatusId>

/**
 * Moves an order one fulfilment step, from the status the manager saw (`from`) to the one
 * she asked for (`to`), through `moveOrder` (actor `staff`), and writes the audit row in
 * the same transaction: the move and its record happen together or not at all. The row
 * stays locked from the check to the commit, so of two managers moving the same order at
 * once the second finds it moved and gets `stale`.
 */
export async function advanceOrder(
  db: Db,
  move: { orderId: number; from: OrderStatusId; to: OrderStatusId; managerId: number },
): Promise<AdvanceOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: preInvoices.status }).from(preInvoices).where(eq(preInvoices.id, move.orderId)).for('update')
    if (!order) return { kind: 'notFound' }
    // A skip (2 → 5) is refused before anything is written.
    const refused = refuseStaffMove(order, move.from, (current) => nextOrderStatus(current, 'avancar', 'staff') === move.to)
    if (refused) return refused
    const moved = await moveOrder(tx, move.orderId, 'avancar', 'staff')
    if (moved.kind === 'notFound') return moved
    if (moved.kind === 'forbidden') return { kind: 'forbidden', current: moved.from }
    await recordManagerAction(tx, {
      managerId: move.managerId,
      action: ADVANCE_ACTION,
      entity: ORDER_ENTITY,
      entityId: move.orderId,
      before: { status: moved.from },
      after: { status: moved.to },
    })
    return moved
  })
}
