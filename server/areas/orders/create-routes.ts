import type { FastifyInstance } from 'fastify'
import { PRODUTO_NOT_FOUND } from '../../../src/contract/endpoints/pre-invoice.ts'
import { contract } from '../../../src/contract/contract.ts'
import type { DescontoProgressivo } from '../../../src/contract/schemas/pre-invoice.ts'
import { studentResult } from '../english-test/repository.ts'
import { isSerialId } from '../../db/ids.ts'
import * as ordersRepo from './repository.ts'
import * as preInvoiceRepo from './create-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { suggestionsFor } from './level-suggestion.ts'
import { orderPrice, type OrderPrice } from './prices.ts'
import { orderStatus, ORDER_NOT_FOUND, toPedido } from './routes.ts'

/** The 4xx texts of ordering (Portuguese, shown to the student as they are). */
export const KEY_REUSED = 'Esta chave de idempotência já foi usada para outro pedido.'

/** "Para 2 livros, o pedido pode ser pago em até 6 parcelas." */
function tooManyInstalments(quantidade: number, max: number): string {
  return `Para ${quantidade} ${quantidade === 1 ? 'livro' : 'livros'}, o pedido pode ser pago em até ${max} parcelas.`
}

function invoiceDataLocked(status: Parameters<typeof orderStatus>[0]): string {
  return `Este pedido está "${orderStatus(status).name}": os dados da nota fiscal não podem mais ser alterados.`
}

/** 'Este pedido está "A atender": o livro não pode mais ser trocado.' */
function productLocked(status: Parameters<typeof orderStatus>[0]): string {
  return `Este pedido está "${orderStatus(status).name}": o livro não pode mais ser trocado.`
}

export const PRODUCT_NEEDS_TEST = 'Este livro pede o teste de nivelamento: faça o teste antes de escolhê-lo.'

function toDescontoProgressivo(price: OrderPrice, cupom: preInvoiceRepo.OrderCoupon | null): DescontoProgressivo {
  return {
    quantidade: price.books,
    preco_tabela: price.listPrice,
    preco_pontual: price.onTimePrice,
    desconto: price.discount,
    total_tabela: price.listTotal,
    total: price.total,
    preco_por_livro: price.pricePerBook,
    max_parcelas: price.maxInstalments,
    planos: price.planos,
    cupom: cupom && { codigo: cupom.codigo, empresa: cupom.empresa, percentual: cupom.percentual, desconto: price.couponDiscount },
  }
}

/** Ordering books (issue 12, D11, D12): products, prices, creation, invoice data. */
export default async function preInvoiceRoutes(app: FastifyInstance) {
  const db = app.db.orm

  contractRoute(app, contract.produto, async ({ params }) => {
    const product = await preInvoiceRepo.productByCode(db, params.code)
    if (!product) throw notFound(PRODUTO_NOT_FOUND)
    return {
      codigo: product.codigo,
      nome: product.nome,
      livro: { codigo: product.livroCodigo, nome: product.livroNome },
      nivel: product.nivel,
      imagem_url: product.imagemUrl,
      preco: orderPrice(1).onTimePrice,
      requer_nivelamento: product.requiresLevelTest,
    }
  })

  // With the caller's discount coupon, which her next order would use.
  contractRoute(app, contract.descontoProgressivo, async ({ caller, params }) => {
    const cupom = await preInvoiceRepo.availableCoupon(db, caller.id)
    return toDescontoProgressivo(orderPrice(params.id, cupom?.percentual ?? null), cupom)
  })

  contractRoute(app, contract.criarPedido, async ({ caller, body, headers, reply }) => {
    const scope = preInvoiceRepo.forUser(db, caller.id)
    const key = headers['idempotency-key']
    const orderRequest = { codigoProduto: body.codigo_produto, quantidade: body.quantidade, parcelas: body.parcelas }
    const answer = async (result: preInvoiceRepo.CreateResult) => {
      if (result.kind === 'key-reused') throw new HttpError(422, KEY_REUSED)
      if (result.kind === 'created') reply.code(201)
      const pedido = (await ordersRepo.forUser(db, caller.id).order(result.id))!
      // As GET /pre-invoice/ lists it, suggestion included.
      return toPedido(pedido, (await suggestionsFor(db, caller.id, [pedido])).get(pedido.id) ?? null)
    }
    // A replay answers the order it made, even if the product or the prices changed since.
    const replay = key === undefined ? null : await scope.replayByKey(key, orderRequest)
    if (replay) return answer(replay)

    const product = await preInvoiceRepo.productByCode(db, body.codigo_produto)
    if (!product) throw notFound(PRODUTO_NOT_FOUND)
    const price = orderPrice(body.quantidade)
    if (body.parcelas > price.maxInstalments) throw new HttpError(422, tooManyInstalments(body.quantidade, price.maxInstalments))

    // D11 -3: the book waits for the level test; the product is chosen again after it (SPEC §4).
    const waitsForTest = product.requiresLevelTest && (await studentResult(db, caller.id)) === null
    // Priced in the transaction that takes the student's coupon, if any.
    const newOrder: preInvoiceRepo.NewOrder = waitsForTest ? { status: -3, item: null } : { status: 1, item: { descricao: product.nome } }
    return answer(await scope.create(orderRequest, newOrder, key))
  })

  contractRoute(app, contract.trocarProduto, async ({ caller, params, body }) => {
    const scope = ordersRepo.forUser(db, caller.id)
    // The order first: another student's order is not found whatever the product.
    if (!isSerialId(params.id) || !(await scope.order(params.id))) throw notFound(ORDER_NOT_FOUND)
    const product = await preInvoiceRepo.productByCode(db, body.codigo_produto)
    if (!product) throw notFound(PRODUTO_NOT_FOUND)
    if (product.requiresLevelTest && (await studentResult(db, caller.id)) === null) throw new HttpError(409, PRODUCT_NEEDS_TEST)
    const result = await preInvoiceRepo.forUser(db, caller.id).replaceProduct(params.id, product)
    if (result.kind === 'not-found') throw notFound(ORDER_NOT_FOUND)
    if (result.kind === 'locked') throw new HttpError(409, productLocked(result.status))
    const pedido = (await scope.order(params.id))!
    return toPedido(pedido, (await suggestionsFor(db, caller.id, [pedido])).get(pedido.id) ?? null)
  })

  contractRoute(app, contract.dadosNotaPedido, async ({ caller, body }) => {
    const { pedido, full_name, street_number, ...rest } = body
    const result = await preInvoiceRepo.forUser(db, caller.id).saveInvoiceDetails(pedido, {
      ...rest,
      fullName: full_name,
      streetNumber: street_number,
    })
    if (result.kind === 'not-found') throw notFound(ORDER_NOT_FOUND)
    if (result.kind === 'locked') throw new HttpError(409, invoiceDataLocked(result.status))
    const { details } = result
    return {
      pedido: details.preInvoiceId,
      full_name: details.fullName,
      cpf: details.cpf,
      email: details.email,
      cep: details.cep,
      street: details.street,
      street_number: details.streetNumber,
      complemento: details.complemento,
      bairro: details.bairro,
      cidade: details.cidade,
      uf: details.uf,
    }
  })
}
