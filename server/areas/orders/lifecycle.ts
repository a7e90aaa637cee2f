import { and, eq, lte, sql } from 'drizzle-orm'
import { nextOrderStatus, UNPAID_ORDER_CANCEL_DAYS, type OrderActor, type OrderEvent } from '../../../src/machines/order.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import type { Db } from '../../db/client.ts'
import { preInvoices } from './schema.ts'

/**
 * Moves orders along D11's lifecycle, as the order machine (src/machines/order.ts) allows
 * them: the same machine /pedidos asks for the student's actions. Every move is a conditional update on the status it read, so two
 * moves at once (a student's cancel and a payment, two staff tabs) never both happen.
 */

export type OrderMove =
  | { kind: 'moved'; from: OrderStatusId; to: OrderStatusId }
  | { kind: 'notFound' }
  /** D11 has no such move from the order's status for this actor. */
  | { kind: 'forbidden'; from: OrderStatusId }

/** `userId`: the order must be this student's (another student's is not found, D7). */
export async function moveOrder(db: Db, orderId: number, event: OrderEvent, actor: OrderActor, userId?: number): Promise<OrderMove> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: preInvoices.status })
      .from(preInvoices)
      .where(and(eq(preInvoices.id, orderId), userId === undefined ? undefined : eq(preInvoices.userId, userId)))
      .for('update')
    if (!order) return { kind: 'notFound' }
    const to = nextOrderStatus(order.status, event, actor)
    if (to === undefined) return { kind: 'forbidden', from: order.status }
    await tx
      .update(preInvoices)
      .set({ status: to })
      .where(and(eq(preInvoices.id, orderId), eq(preInvoices.status, order.status)))
    return { kind: 'moved', from: order.status, to }
  })
}

/**
 * SPEC §9: orders still waiting for payment 7 days after creation are cancelled (1 → -2);
 * an order released from -3 after the level test counts its 7 days from the release.
 * Computed from `created_at` at each sweep, not scheduled one by one: a server that was
 * down when the deadline passed cancels them at its next start, and a second process
 * sweeping at the same time finds them cancelled already. Returns the cancelled ids.
 */
export async function cancelExpiredOrders(db: Db, now = new Date()): Promise<number[]> {
  const deadline = new Date(now.getTime() - UNPAID_ORDER_CANCEL_DAYS * 86_400_000)
  const awaitingPayment = 1
  const cancelled = nextOrderStatus(awaitingPayment, 'prazoExpirado', 'system')!
  const rows = await db
    .update(preInvoices)
    .set({ status: cancelled })
    .where(
      and(
        eq(preInvoices.status, awaitingPayment),
        lte(sql`coalesce(${preInvoices.aguardandoPagamentoDesde}, ${preInvoices.createdAt})`, deadline),
      ),
    )
    .returning({ id: preInvoices.id })
  return rows.map((row) => row.id).sort((a, b) => a - b)
}
