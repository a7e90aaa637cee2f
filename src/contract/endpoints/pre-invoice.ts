import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdempotencyKeyHeaders, IdParam } from '../schemas/common.ts'
import { Pedido } from '../schemas/pedido.ts'
import {
  CriarPedidoBody,
  DadosNota,
  DadosNotaBody,
  DescontoProgressivo,
  ProductCode,
  Produto,
  QuantidadeParam,
  TrocarProdutoBody,
} from '../schemas/pre-invoice.ts'

export const PRODUTO_NOT_FOUND = 'Produto não encontrado'

/** Ordering books (issue 12, D11, D12): the product, the prices by quantity, the order and its invoice data. */
export const preInvoiceEndpoints = {
  /** A product the portal links to (SPEC §7), with its price for one book and whether the level test comes first. */
  produto: defineEndpoint({
    method: 'GET',
    path: '/master/products/{code}/',
    service: 'portal',
    access: 'student',
    params: v.object({ code: ProductCode }),
    response: Produto,
    errors: { byStatus: { 404: PRODUTO_NOT_FOUND }, useDetail: true, fallback: 'Erro ao carregar o produto' },
  }),
  /** D12's prices, discount and instalment plans for `{id}` books (1–6). */
  descontoProgressivo: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/desconto-progressivo/{id}/',
    service: 'portal',
    access: 'student',
    params: v.object({ id: QuantidadeParam }),
    response: DescontoProgressivo,
    errors: { useDetail: true, fallback: 'Erro ao calcular os valores do pedido' },
  }),
  /**
   * Creates an order of the caller's, priced by the server: 201 with the order, at 1
   * "Aguardando pagamento", or at -3 "Aguardando nivelamento" when the product needs a level
   * test the student has not finished. A replay of the `Idempotency-Key` answers 200 with the
   * same order; the key with another product, quantity or instalments answers 422.
   */
  criarPedido: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/create/',
    service: 'portal',
    access: 'student',
    headers: IdempotencyKeyHeaders,
    body: CriarPedidoBody,
    response: Pedido,
    errors: { byStatus: { 404: PRODUTO_NOT_FOUND }, useDetail: true, fallback: 'Erro ao criar o pedido' },
  }),
  /**
   * The caller's order waiting for payment (D11 1) switches to another book, e.g. the
   * one the level test suggested (`Pedido.sugestao`), repriced by D12 for the same number of
   * books and plan, its coupon kept: the order as it is now. 409 with the reason once it is
   * not waiting for payment; 404 for another student's order or an unknown product.
   */
  trocarProduto: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/{id}/produto/',
    service: 'portal',
    access: 'student',
    owned: { id: 'pedido' },
    params: v.object({ id: IdParam }),
    body: TrocarProdutoBody,
    response: Pedido,
    errors: { byStatus: { 404: 'Pedido não encontrado' }, useDetail: true, fallback: 'Erro ao trocar o livro do pedido' },
  }),
  /** Who the invoice of one of the caller's unpaid orders is made out to; answers what is stored. */
  dadosNotaPedido: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/aluno/',
    service: 'portal',
    access: 'student',
    body: DadosNotaBody,
    response: DadosNota,
    errors: { byStatus: { 404: 'Pedido não encontrado' }, useDetail: true, fallback: 'Erro ao salvar os dados da nota fiscal' },
  }),
} as const
