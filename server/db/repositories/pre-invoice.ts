import { and, eq, sql } from 'drizzle-orm'
import type { OrderStatusId } from '../../../src/api/schemas/pedido.ts'
import type { Db } from '../client.ts'
import { livros } from '../schema/livros.ts'
import { preInvoiceAlunos, preInvoiceItems, preInvoices, type PreInvoiceAlunoRow } from '../schema/pedidos.ts'
import { products } from '../schema/products.ts'
import { isSerialId } from './ids.ts'

export interface Produto {
  codigo: string
  nome: string
  livroCodigo: string
  livroNome: string
  nivel: string
  imagemUrl: string | null
  requiresLevelTest: boolean
}

/** A product by its code (products are the school's, not a student's); null when unknown. */
export async function produto(db: Db, codigo: string): Promise<Produto | null> {
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
export interface Solicitacao {
  codigoProduto: string
  quantidade: number
  parcelas: number
}

/** The order to write: its status and, unless it waits for the level test, its one line. */
export interface NovoPedido {
  status: OrderStatusId
  item: { descricao: string; valorUnitarioCentavos: number } | null
}

export type CriarResult = { kind: 'created'; id: number } | { kind: 'replayed'; id: number } | { kind: 'key-reused' }

/** Orders whose invoice data may still change: not paid yet (D11: before 2). */
const INVOICE_DATA_EDITABLE: readonly OrderStatusId[] = [-3, -1, 1]

export type DadosNotaResult =
  { kind: 'saved'; dados: PreInvoiceAlunoRow } | { kind: 'not-found' } | { kind: 'locked'; status: OrderStatusId }

export type DadosNota = Omit<PreInvoiceAlunoRow, 'preInvoiceId' | 'createdAt'>

/** The caller's order creation and invoice data (issue 12); every row written is the caller's (D7). */
export function forUser(db: Db, userId: number) {
  const byKey = (key: string) => and(eq(preInvoices.userId, userId), eq(preInvoices.idempotencyKey, key))

  return {
    /** The caller's order created with `key`, if any, and whether `solicitacao` repeats it. */
    async porChave(key: string, solicitacao: Solicitacao): Promise<CriarResult | null> {
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
        previous.produto === solicitacao.codigoProduto &&
        previous.quantidade === solicitacao.quantidade &&
        previous.parcelas === solicitacao.parcelas
      return same ? { kind: 'replayed', id: previous.id } : { kind: 'key-reused' }
    },

    /**
     * Writes the order and its line in one transaction. A concurrent request with the same
     * key waits for this one's insert and then finds its order (a replay): one order per key.
     */
    async criar(solicitacao: Solicitacao, pedido: NovoPedido, key: string | undefined): Promise<CriarResult> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .insert(preInvoices)
          .values({
            userId,
            numero: sql`'PV-' || lpad(nextval('pre_invoices_numero_seq')::text, 6, '0')`,
            status: pedido.status,
            produtoSolicitado: solicitacao.codigoProduto,
            quantidadeSolicitada: solicitacao.quantidade,
            parcelas: solicitacao.parcelas,
            idempotencyKey: key ?? null,
          })
          .onConflictDoNothing({ target: [preInvoices.userId, preInvoices.idempotencyKey] })
          .returning({ id: preInvoices.id })
        if (!order) return (await forUser(tx, userId).porChave(key!, solicitacao))!
        if (pedido.item) {
          await tx.insert(preInvoiceItems).values({
            preInvoiceId: order.id,
            codigoProduto: solicitacao.codigoProduto,
            descricao: pedido.item.descricao,
            quantidade: solicitacao.quantidade,
            valorUnitarioCentavos: pedido.item.valorUnitarioCentavos,
          })
        }
        return { kind: 'created', id: order.id }
      })
    },

    /** Stores (or replaces) the invoice data of the caller's order while it is not paid. */
    async salvarDadosNota(pedidoId: number, dados: DadosNota): Promise<DadosNotaResult> {
      if (!isSerialId(pedidoId)) return { kind: 'not-found' }
      return db.transaction(async (tx) => {
        // Locked, so a payment moving it past 1 waits for this write or is seen by it.
        const [order] = await tx
          .select({ status: preInvoices.status })
          .from(preInvoices)
          .where(and(eq(preInvoices.id, pedidoId), eq(preInvoices.userId, userId)))
          .for('update')
        if (!order) return { kind: 'not-found' }
        if (!INVOICE_DATA_EDITABLE.includes(order.status)) return { kind: 'locked', status: order.status }
        const [saved] = await tx
          .insert(preInvoiceAlunos)
          .values({ preInvoiceId: pedidoId, ...dados })
          .onConflictDoUpdate({ target: preInvoiceAlunos.preInvoiceId, set: { ...dados, createdAt: new Date() } })
          .returning()
        return { kind: 'saved', dados: saved! }
      })
    },
  }
}
