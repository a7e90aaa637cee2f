import type { NivelResultado } from '../../../src/contract/schemas/english-test.ts'
import type { Db } from '../../db/client.ts'
import { studentResult } from '../english-test/repository.ts'
import type { StudentOrder } from './repository.ts'
import { productByCode, type Product } from './create-repository.ts'

/**
 * The book the level test's CEFR result places a student in, within the
 * course line the test places into: the demo's English books Intermediário 1–3 (it sells
 * no English book below Intermediário 1, so Pré-A1 to A2 start there).
 */
export const BOOK_BY_LEVEL: Readonly<Record<NivelResultado, string>> = {
  PRE_A1: 'ING-INT1',
  A1: 'ING-INT1',
  A2: 'ING-INT1',
  B1: 'ING-INT2',
  B2: 'ING-INT3',
  C1: 'ING-INT3',
}

const PLACEMENT_LINE: ReadonlySet<string> = new Set(Object.values(BOOK_BY_LEVEL))

/** The book to suggest instead of `codigoProduto` to a student whose test gave `nivel`; null when it is the same or not of the line. */
export function suggestedBook(codigoProduto: string, nivel: NivelResultado): string | null {
  if (!PLACEMENT_LINE.has(codigoProduto)) return null
  const book = BOOK_BY_LEVEL[nivel]
  return book === codigoProduto ? null : book
}

/**
 * For the caller's orders waiting for payment (D11 1) with one book of the line: the
 * product her finished level test suggests instead, by order id. Nothing (and no read of
 * the test) when no order could have one.
 */
export async function suggestionsFor(db: Db, userId: number, pedidos: readonly StudentOrder[]): Promise<Map<number, Product>> {
  const suggestions = new Map<number, Product>()
  const candidates = pedidos.filter((p) => p.status === 1 && p.itens.length === 1 && PLACEMENT_LINE.has(p.itens[0]!.codigoProduto))
  if (candidates.length === 0) return suggestions
  const resultado = await studentResult(db, userId)
  if (!resultado) return suggestions
  const products = new Map<string, Product | null>()
  for (const pedido of candidates) {
    const codigo = suggestedBook(pedido.itens[0]!.codigoProduto, resultado.nivel)
    if (codigo === null) continue
    if (!products.has(codigo)) products.set(codigo, await productByCode(db, codigo))
    const suggested = products.get(codigo)
    if (suggested) suggestions.set(pedido.id, suggested)
  }
  return suggestions
}
