import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { studentResult } from '../english-test/repository.ts'
import { itemPrice, productByCode } from './create-repository.ts'
import { preInvoiceItems, preInvoices } from './schema.ts'
import { moveOrder } from './lifecycle.ts'
import { isBookCount } from './prices.ts'

/**
 * D11 -3 → 1: once the student has a finished level test (`studentResult`),
 * each of the student's orders waiting for it gets the product asked for when ordering
 * (`produto_solicitado` × `quantidade_solicitada`) priced by D12 as its one item and
 * moves to "Aguardando pagamento" through `moveOrder`, move and item in one transaction:
 * two releases at once (the test finished in two tabs) move and price each order once.
 * Called where an attempt can end: finishing it, and reading the test's state (an attempt
 * whose time ran out is closed there). The 7 days to pay count from the release. Returns the ids moved.
 */
export async function releaseAfterLevelTest(db: Db, userId: number, now = new Date()): Promise<number[]> {
  const waiting = await db
    .select({
      id: preInvoices.id,
      codigo: preInvoices.produtoSolicitado,
      quantidade: preInvoices.quantidadeSolicitada,
      cupomId: preInvoices.cupomId,
    })
    .from(preInvoices)
    .where(and(eq(preInvoices.userId, userId), eq(preInvoices.status, -3)))
  if (waiting.length === 0 || (await studentResult(db, userId, now)) === null) return []
  const released: number[] = []
  for (const order of waiting) {
    // An order made before orders kept what was asked for (`produto_solicitado`) has nothing to apply: it stays for the school.
    if (order.codigo === null || order.quantidade === null || !isBookCount(order.quantidade)) continue
    const item = await productByCode(db, order.codigo)
    if (!item) continue
    const moved = await db.transaction(async (tx) => {
      const move = await moveOrder(tx, order.id, 'produtoEscolhido', 'system', userId)
      if (move.kind !== 'moved') return false
      // SPEC §9's 7 days to pay start now, not at the order's creation.
      await tx.update(preInvoices).set({ aguardandoPagamentoDesde: now }).where(eq(preInvoices.id, order.id))
      await tx.insert(preInvoiceItems).values({
        preInvoiceId: order.id,
        codigoProduto: item.codigo,
        descricao: item.nome,
        quantidade: order.quantidade!,
        // With the coupon the order took when it was made, if any.
        valorUnitarioCentavos: await itemPrice(tx, order.quantidade!, order.cupomId),
      })
      return true
    })
    if (moved) released.push(order.id)
  }
  return released
}
