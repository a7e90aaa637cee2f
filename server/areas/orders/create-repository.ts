import { and, asc, desc, eq, gt, isNotNull, ne, notExists, sql } from 'drizzle-orm'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { isBookCount, orderPrice } from './prices.ts'
import type { Db } from '../../db/client.ts'
import { clubCuponsParceria } from '../club/schema.ts'
import { livros } from '../books/schema.ts'
import { preInvoiceAlunos, preInvoiceItems, preInvoices, type PreInvoiceAlunoRow } from './schema.ts'
import { products } from './products-schema.ts'
import { isSerialId } from '../../db/ids.ts'

export interface Product {
  codigo: string
  nome: string
  livroCodigo: string
  livroNome: string
  nivel: string
  imagemUrl: string | null
  requiresLevelTest: boolean
}

/** A product by its code (products are the school's, not a student's); null when unknown. */
export async function productByCode(db: Db, codigo: string): Promise<Product | null> {
  const [row] = await db
    .select({
      codigo: products.codigo,
      nome: products.nome,
      livroCodigo: livros.codigo,
      livroNome: livros.nome,
      nivel: products.nivel,
      imagemUrl: products.imagemUrl,
      requiresLevelTest: products.requiresLevelTest,
    })
    .from(products)
    .innerJoin(livros, eq(livros.id, products.livroId))
    .where(eq(products.codigo, codigo))
  return row ?? null
}

/** What the student asked for; with the key, what a replay must repeat. */
export interface OrderRequest {
  codigoProduto: string
  quantidade: number
  parcelas: number
}

/** The order to write: its status and, unless it waits for the level test, its one line's text (priced in `create`). */
export interface NewOrder {
  status: OrderStatusId
  item: { descricao: string } | null
}

/** A partnership discount coupon (D26) as an order uses it. */
export interface OrderCoupon {
  id: number
  codigo: string
  empresa: string
  percentual: number
}

/** The number of the order not cancelled that took this discount coupon, or null. */
export async function orderUsingCoupon(db: Db, cupomId: number): Promise<string | null> {
  const [row] = await db
    .select({ numero: preInvoices.numero })
    .from(preInvoices)
    .where(and(eq(preInvoices.cupomId, cupomId), ne(preInvoices.status, -2)))
    .limit(1)
  return row?.numero ?? null
}

/**
 * The coupon the student's next order would use: a discount coupon she attached
 * (`PUT /at-home/parceria-cupom/`), unexpired, and held by no order that is not cancelled
 * (a cancelled order gives it back); the one attached last if she has several.
 */
export async function availableCoupon(db: Db, userId: number, now = new Date()): Promise<OrderCoupon | null> {
  const held = db
    .select({ one: sql`1` })
    .from(preInvoices)
    .where(and(eq(preInvoices.cupomId, clubCuponsParceria.id), ne(preInvoices.status, -2)))
  const [row] = await db
    .select({
      id: clubCuponsParceria.id,
      codigo: clubCuponsParceria.codigo,
      empresa: clubCuponsParceria.empresa,
      percentual: clubCuponsParceria.percentual,
    })
    .from(clubCuponsParceria)
    .where(
      and(
        eq(clubCuponsParceria.usadoPor, userId),
        isNotNull(clubCuponsParceria.usadoEm),
        eq(clubCuponsParceria.beneficio, 'desconto'),
        gt(clubCuponsParceria.expiraEm, now),
        notExists(held),
      ),
    )
    .orderBy(desc(clubCuponsParceria.usadoEm), desc(clubCuponsParceria.id))
    .limit(1)
  // The table's check gives every discount coupon its percentage.
  return row ? { ...row, percentual: row.percentual! } : null
}

/** The percentage of the coupon an order used, or null. */
async function orderCouponPercentage(db: Db, cupomId: number | null): Promise<number | null> {
  if (cupomId === null) return null
  const [row] = await db
    .select({ percentual: clubCuponsParceria.percentual })
    .from(clubCuponsParceria)
    .where(eq(clubCuponsParceria.id, cupomId))
  return row?.percentual ?? null
}

/** The price per book of an order's item: D12's for `quantidade`, less the order's coupon if it has one. */
export async function itemPrice(db: Db, quantidade: number, cupomId: number | null): Promise<number> {
  return orderPrice(quantidade, await orderCouponPercentage(db, cupomId)).pricePerBook
}

export type ReplaceProductResult =
  | { kind: 'changed' }
  | { kind: 'not-found' }
  /** Not waiting for payment (D11 1) any more, or with no books to reprice. */
  | { kind: 'locked'; status: OrderStatusId }

export type CreateResult = { kind: 'created'; id: number } | { kind: 'replayed'; id: number } | { kind: 'key-reused' }

/** Orders whose invoice data may still change: not paid yet (D11: before 2). */
const INVOICE_DATA_EDITABLE: readonly OrderStatusId[] = [-3, -1, 1]

export type InvoiceDetailsResult =
  { kind: 'saved'; details: PreInvoiceAlunoRow } | { kind: 'not-found' } | { kind: 'locked'; status: OrderStatusId }

export type InvoiceDetails = Omit<PreInvoiceAlunoRow, 'preInvoiceId' | 'createdAt'>

/** The caller's order creation and invoice data (issue 12); every row written is the caller's (D7). */
export function forUser(db: Db, userId: number) {
  const byKey = (key: string) => and(eq(preInvoices.userId, userId), eq(preInvoices.idempotencyKey, key))

  return {
    /** The caller's order created with `key`, if any, and whether `orderRequest` repeats it. */
    async replayByKey(key: string, orderRequest: OrderRequest): Promise<CreateResult | null> {
      const [previous] = await db
        .select({
          id: preInvoices.id,
          produto: preInvoices.produtoSolicitado,
          quantidade: preInvoices.quantidadeSolicitada,
          parcelas: preInvoices.parcelas,
        })
        .from(preInvoices)
        .where(byKey(key))
      if (!previous) return null
      const same =
        previous.produto === orderRequest.codigoProduto &&
        previous.quantidade === orderRequest.quantidade &&
        previous.parcelas === orderRequest.parcelas
      return same ? { kind: 'replayed', id: previous.id } : { kind: 'key-reused' }
    },

    /**
     * Writes the order and its line in one transaction. A concurrent request with the same
     * key waits for this one's insert and then finds its order (a replay): one order per key.
     * The student's discount coupons are locked first, so of two orders made at once the
     * second waits and then finds the coupon held by the first: it is used once.
     */
    async create(orderRequest: OrderRequest, newOrder: NewOrder, key: string | undefined, now = new Date()): Promise<CreateResult> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: clubCuponsParceria.id })
          .from(clubCuponsParceria)
          .where(and(eq(clubCuponsParceria.usadoPor, userId), eq(clubCuponsParceria.beneficio, 'desconto')))
          .orderBy(asc(clubCuponsParceria.id))
          .for('update')
        // A statement after the lock: it sees what a transaction that held it committed.
        const cupom = await availableCoupon(tx, userId, now)
        const [order] = await tx
          .insert(preInvoices)
          .values({
            userId,
            numero: sql`'PV-' || lpad(nextval('pre_invoices_numero_seq')::text, 6, '0')`,
            status: newOrder.status,
            produtoSolicitado: orderRequest.codigoProduto,
            quantidadeSolicitada: orderRequest.quantidade,
            parcelas: orderRequest.parcelas,
            idempotencyKey: key ?? null,
            cupomId: cupom?.id ?? null,
          })
          .onConflictDoNothing({ target: [preInvoices.userId, preInvoices.idempotencyKey] })
          .returning({ id: preInvoices.id })
        if (!order) return (await forUser(tx, userId).replayByKey(key!, orderRequest))!
        if (newOrder.item) {
          await tx.insert(preInvoiceItems).values({
            preInvoiceId: order.id,
            codigoProduto: orderRequest.codigoProduto,
            descricao: newOrder.item.descricao,
            quantidade: orderRequest.quantidade,
            valorUnitarioCentavos: orderPrice(orderRequest.quantidade, cupom?.percentual ?? null).pricePerBook,
          })
        }
        return { kind: 'created', id: order.id }
      })
    },

    /**
     * Replaces the book of the caller's order waiting for payment (D11 1) by `product`, for
     * the same number of books, priced again by D12 with the order's coupon. The
     * order's row is locked, so a payment or a cancel at the same time happens before (and
     * this is refused) or after it.
     */
    async replaceProduct(orderId: number, product: Pick<Product, 'codigo' | 'nome'>): Promise<ReplaceProductResult> {
      if (!isSerialId(orderId)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ status: preInvoices.status, cupomId: preInvoices.cupomId })
          .from(preInvoices)
          .where(and(eq(preInvoices.id, orderId), eq(preInvoices.userId, userId)))
          .for('update')
        if (!order) return { kind: 'not-found' }
        const items = await tx
          .select({ quantidade: preInvoiceItems.quantidade })
          .from(preInvoiceItems)
          .where(eq(preInvoiceItems.preInvoiceId, orderId))
        const quantidade = items.reduce((sum, item) => sum + item.quantidade, 0)
        if (order.status !== 1 || !isBookCount(quantidade)) return { kind: 'locked', status: order.status }
        await tx.delete(preInvoiceItems).where(eq(preInvoiceItems.preInvoiceId, orderId))
        await tx.insert(preInvoiceItems).values({
          preInvoiceId: orderId,
          codigoProduto: product.codigo,
          descricao: product.nome,
          quantidade,
          valorUnitarioCentavos: await itemPrice(tx, quantidade, order.cupomId),
        })
        return { kind: 'changed' }
      })
    },

    /** Stores (or replaces) the invoice data of the caller's order while it is not paid. */
    async saveInvoiceDetails(orderId: number, details: InvoiceDetails): Promise<InvoiceDetailsResult> {
      if (!isSerialId(orderId)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        // Locked, so a payment moving it past 1 waits for this write or is seen by it.
        const [order] = await tx
          .select({ status: preInvoices.status })
          .from(preInvoices)
          .where(and(eq(preInvoices.id, orderId), eq(preInvoices.userId, userId)))
          .for('update')
        if (!order) return { kind: 'not-found' }
        if (!INVOICE_DATA_EDITABLE.includes(order.status)) return { kind: 'locked', status: order.status }
        const [saved] = await tx
          .insert(preInvoiceAlunos)
          .values({ preInvoiceId: orderId, ...details })
          .onConflictDoUpdate({ target: preInvoiceAlunos.preInvoiceId, set: { ...details, createdAt: new Date() } })
          .returning()
        return { kind: 'saved', details: saved! }
      })
    },
  }
}
