import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import type { Db } from '../../db/client.ts'
import { preInvoiceItems, preInvoices } from './schema.ts'

export interface OrderItem {
  codigoProduto: string
  descricao: string
  quantidade: number
  valorUnitarioCentavos: number
}

export interface StudentOrder {
  id: number
  numero: string
  status: OrderStatusId
  createdAt: Date
  itens: OrderItem[]
}

export interface OrdersFilter {
  status?: OrderStatusId
  limit: number
  offset: number
}

const orderColumns = { id: preInvoices.id, numero: preInvoices.numero, status: preInvoices.status, createdAt: preInvoices.createdAt }

/** The caller's orders (pre-invoices, D11); another student's order is never listed (D7). */
export function forUser(db: Db, userId: number) {
  return {
    userId,

    /** One of the caller's orders with its items; undefined when it is not hers. */
    async order(id: number): Promise<StudentOrder | undefined> {
      const [order] = await db
        .select(orderColumns)
        .from(preInvoices)
        .where(and(eq(preInvoices.id, id), eq(preInvoices.userId, userId)))
      return order && { ...order, itens: (await itemsOf(db, [id])).get(id) ?? [] }
    },

    /** One page, newest first, with the count of every matching order; three queries in all. */
    async orders(filter: OrdersFilter): Promise<{ items: StudentOrder[]; total: number }> {
      const where = and(eq(preInvoices.userId, userId), filter.status === undefined ? undefined : eq(preInvoices.status, filter.status))
      const [counted] = await db.select({ total: count() }).from(preInvoices).where(where)
      const page = await db
        .select(orderColumns)
        .from(preInvoices)
        .where(where)
        .orderBy(desc(preInvoices.createdAt), desc(preInvoices.id))
        .limit(filter.limit)
        .offset(filter.offset)
      const itemsByOrder = await itemsOf(
        db,
        page.map((order) => order.id),
      )
      return {
        total: counted?.total ?? 0,
        items: page.map((order) => ({
          ...order,
          itens: itemsByOrder.get(order.id) ?? [],
        })),
      }
    },
  }
}

export type OrdersScope = ReturnType<typeof forUser>

/** The items of these orders, by order id, in their own order (one query; none for no ids). */
export async function itemsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderItem[]>> {
  const itemsByOrder = new Map<number, OrderItem[]>()
  if (orderIds.length === 0) return itemsByOrder
  const rows = await db
    .select({
      preInvoiceId: preInvoiceItems.preInvoiceId,
      codigoProduto: preInvoiceItems.codigoProduto,
      descricao: preInvoiceItems.descricao,
      quantidade: preInvoiceItems.quantidade,
      valorUnitarioCentavos: preInvoiceItems.valorUnitarioCentavos,
    })
    .from(preInvoiceItems)
    .where(inArray(preInvoiceItems.preInvoiceId, [...orderIds]))
    .orderBy(asc(preInvoiceItems.id))
  for (const { preInvoiceId, ...item } of rows) {
    const list = itemsByOrder.get(preInvoiceId)
    if (list) list.push(item)
    else itemsByOrder.set(preInvoiceId, [item])
  }
  return itemsByOrder
}
