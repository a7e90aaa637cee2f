import { api } from '../../../lib/api.ts'
import { preInvoiceEndpoints } from '../../../contract/endpoints/pre-invoice.ts'

// A module of its own: the dashboard reads the orders (get-pedidos.ts) and must not load the
// pre-invoice area's schemas (~2.3 KiB gzip) for a button only /pedidos draws.

/** Switches the unpaid order to another book, e.g. the one the level test suggested; the list re-syncs after. */
export function trocarProduto(id: number, codigoProduto: string) {
  return api.call(preInvoiceEndpoints.trocarProduto, { params: { id }, body: { codigo_produto: codigoProduto } })
}
