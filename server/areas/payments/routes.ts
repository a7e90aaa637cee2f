import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import QRCode from 'qrcode'
import { contract } from '../../../src/contract/contract.ts'
import { PAGAMENTO_TEXTS } from '../../../src/contract/endpoints/pagamentos.ts'
import {
  CARD_MAX_INSTALLMENTS,
  type CobrancaPix,
  type OpcoesCartao,
  type PagamentoCartao,
  type PagamentoCartaoIn,
} from '../../../src/contract/schemas/pagamento.ts'
import type { OrderStatusId } from '../../../src/contract/schemas/pedido.ts'
import { giveBackAttempts, reserveAttempts } from '../auth/login-failures-repository.ts'
import * as paymentsRepo from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound, tooManyRequests } from '../../http/errors.ts'
import { isBookCount, orderPrice, splitInstalments } from '../orders/prices.ts'
import { PIX_DESCRIPTIONS } from './pix.ts'
import { pixProviderFailed } from './provider.ts'
import { cardBrand, cardProblem } from './card.ts'
import { orderStatus } from '../orders/routes.ts'

export { confirmPixCharge } from './repository.ts'

/** How long a Pix code can be paid; after it, asking again gives a new one. */
export const PIX_CHARGE_MINUTES = 30

/** The gateway did not answer (a real one over the network): nothing was recorded, the student may try again. */
export const GATEWAY_UNAVAILABLE = 'Não foi possível falar com a operadora do cartão. Tente novamente em instantes.'

/**
 * Card payments one student may try without success per 15-minute window, the
 * instalments' and the orders' together: an approved payment gives its slot back, so what
 * is counted is declines and cards refused before charging (a stolen card's numbers tried
 * one after another).
 */
export const CARD_ATTEMPT_LIMIT = 5

/**
 * The most card instalments a target can be paid in: an instalment 1–3; an
 * order the plan the student chose when ordering, or, on an order from before plans were
 * kept, D12's largest for its number of books.
 */
export function maxCardInstalments(target: paymentsRepo.PayableTarget): number {
  if (target.maxInstalments !== undefined) return target.maxInstalments
  if (!target.plano) return CARD_MAX_INSTALLMENTS
  const { parcelas, livros } = target.plano
  return parcelas ?? (isBookCount(livros) ? orderPrice(livros).maxInstalments : 1)
}

class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable'
}

async function toPixPayment(row: paymentsRepo.CobrancaRow): Promise<CobrancaPix> {
  const copiaECola = row.copiaECola!
  return {
    id: row.id,
    parcela_id: row.parcelaId,
    pedido_id: row.preInvoiceId,
    txid: row.txid,
    valor: row.valorCentavos,
    copia_e_cola: copiaECola,
    qr_code_svg: await QRCode.toString(copiaECola, { type: 'svg', margin: 1 }),
    expira_em: row.expiraEm!.toISOString(),
    // A pending charge past its time is answered only by a new one, so these two remain.
    status: row.status === 'pago' ? 'pago' : 'pendente',
    pago_em: row.pagoEm?.toISOString() ?? null,
  }
}

function toCardPayment(row: paymentsRepo.CobrancaRow): PagamentoCartao {
  return {
    id: row.id,
    parcela_id: row.parcelaId,
    pedido_id: row.preInvoiceId,
    valor: row.valorCentavos,
    parcelas: row.parcelas!,
    bandeira: row.bandeira!,
    final: row.finalCartao!,
    pago_em: row.pagoEm!.toISOString(),
  }
}

/** Why an order cannot be paid (cancelled, waiting for the level test, nothing to pay), in the student's words. */
function orderNotPayable(status: OrderStatusId | undefined): string {
  if (status === undefined || status === 1 || status === -1) return 'Este pedido não tem valor a pagar.'
  return `Este pedido está "${orderStatus(status).name}": não há pagamento a fazer.`
}

/** The texts of one kind of target: its 404 and its 409s. */
export interface TargetTexts {
  notFound: string
  alreadyPaid: string
  /** Why a closed target cannot be paid (a câmbio quote past its 15 minutes); an order's status says it otherwise. */
  closed?: string
}

const INSTALMENT_TARGET: TargetTexts = { notFound: PAGAMENTO_TEXTS.parcelaNotFound, alreadyPaid: PAGAMENTO_TEXTS.alreadyPaid }
const ORDER_TARGET: TargetTexts = { notFound: PAGAMENTO_TEXTS.pedidoNotFound, alreadyPaid: PAGAMENTO_TEXTS.pedidoAlreadyPaid }

/**
 * Paying the caller's instalments, orders (issue 12, D13) and câmbio quotes:
 * one flow for all, only the target and its texts differ.
 */
export function paymentFlows(app: FastifyInstance) {
  /** The caller's instalment or order, unlocked, when it can be paid; 404 or 409 otherwise. */
  async function payable(userId: number, targetRef: paymentsRepo.PaymentTarget, texts: TargetTexts): Promise<paymentsRepo.PayableTarget> {
    const target = await paymentsRepo.forUser(app.db.orm, userId).target(targetRef)
    if (!target) throw notFound(texts.notFound)
    if (target.estado === 'pago') throw new HttpError(409, texts.alreadyPaid)
    if (target.estado === 'fechado') throw new HttpError(409, texts.closed ?? orderNotPayable(target.status))
    return target
  }

  /** What the card form offers: 1 up to the target's most card instalments, each split as D12's plans are. */
  async function cardOptions(userId: number, targetRef: paymentsRepo.PaymentTarget, texts: TargetTexts): Promise<OpcoesCartao> {
    const target = await payable(userId, targetRef, texts)
    const planos = Array.from({ length: maxCardInstalments(target) }, (_, index) => ({
      parcelas: index + 1,
      valores: splitInstalments(target.valorCentavos, index + 1),
    }))
    return { valor: target.valorCentavos, planos }
  }

  /**
   * The target's Pix charge; its code lasts 30 minutes, or ends at `endsBy` when that comes
   * sooner (a quote's end). One `now` for both, so the code never outlives `endsBy`.
   */
  async function pix(userId: number, targetRef: paymentsRepo.PaymentTarget, texts: TargetTexts, endsBy?: Date): Promise<CobrancaPix> {
    const now = new Date()
    const untilEnd = endsBy ? endsBy.getTime() - now.getTime() : Infinity
    const validForMs = Math.max(1, Math.min(PIX_CHARGE_MINUTES * 60_000, untilEnd))
    const result = await paymentsRepo
      .forUser(app.db.orm, userId)
      .pixCharge(targetRef, now, validForMs, (txid, valorCentavos, expiresAt) =>
        app.payments.pix.createCharge({ txid, amountCents: valorCentavos, expiresAt, description: PIX_DESCRIPTIONS[targetRef.tipo] }),
      )
      .catch(pixProviderFailed(app.log, { [targetRef.tipo]: targetRef.id }))
    if (result.kind === 'not-found') throw notFound(texts.notFound)
    if (result.kind === 'paid-otherwise') throw new HttpError(409, texts.alreadyPaid)
    if (result.kind === 'closed') throw new HttpError(409, texts.closed ?? orderNotPayable(result.status))
    return toPixPayment(result.cobranca)
  }

  // The body carries the card: it is read here and handed to the gateway, never logged
  // (server/http/logging.ts logs no body) and never stored beyond brand and last four digits.
  async function card(
    userId: number,
    targetRef: paymentsRepo.PaymentTarget,
    texts: TargetTexts,
    body: PagamentoCartaoIn,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<PagamentoCartao> {
    const target = await payable(userId, targetRef, texts)
    const max = maxCardInstalments(target)
    if (body.parcelas > max) throw new HttpError(422, PAGAMENTO_TEXTS.pedidoPlanExceeded(max))
    // Counted before the card is looked at, so concurrent attempts cannot pass the limit
    // together; given back unless the card was declined (402) or refused before charging (422).
    const attempt = await reserveAttempts(app.db.orm, [{ scope: 'cardPayment', value: String(userId), limit: CARD_ATTEMPT_LIMIT }])
    if (!attempt.granted) throw tooManyRequests(PAGAMENTO_TEXTS.tooManyCardAttempts, attempt.retryAfterSeconds)
    let cardFailed = false
    try {
      return await chargeCard(userId, targetRef, texts, body, request, reply)
    } catch (error) {
      cardFailed = error instanceof HttpError && (error.statusCode === 402 || error.statusCode === 422)
      throw error
    } finally {
      if (!cardFailed) await giveBackAttempts(app.db.orm, attempt.counted)
    }
  }

  async function chargeCard(
    userId: number,
    targetRef: paymentsRepo.PaymentTarget,
    texts: TargetTexts,
    body: PagamentoCartaoIn,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<PagamentoCartao> {
    const repo = paymentsRepo.forUser(app.db.orm, userId)
    const now = new Date()
    const cardData = { number: body.numero, expiryMonth: body.validade_mes, expiryYear: body.validade_ano, cvv: body.cvv }
    // What is wrong with the card itself is the student's to fix (422), not a refusal by the bank.
    const problem = cardProblem(cardData, now)
    if (problem) throw new HttpError(422, problem)

    const usedCard = { bandeira: cardBrand(body.numero), finalCartao: body.numero.slice(-4), parcelas: body.parcelas }
    const logged = { [targetRef.tipo]: targetRef.id }
    let result: paymentsRepo.CardPaymentResult
    try {
      result = await repo.payByCard(targetRef, now, usedCard, (txid, valorCentavos) =>
        app.payments.card
          .charge({
            ...cardData,
            reference: txid,
            amountCents: valorCentavos,
            installments: body.parcelas,
            installmentAmountsCents: splitInstalments(valorCentavos, body.parcelas),
            holder: body.titular,
          })
          .catch((error: unknown) => {
            throw new GatewayUnavailable('card gateway failed', { cause: error })
          }),
      )
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error
      // Only the error's type: a gateway client's error can quote the request, card included.
      const kind = error.cause instanceof Error ? error.cause.name : typeof error.cause
      request.log.error({ gatewayError: kind, ...logged }, 'card gateway failed')
      throw new HttpError(502, GATEWAY_UNAVAILABLE)
    }

    switch (result.kind) {
      case 'not-found':
        throw notFound(texts.notFound)
      case 'already-paid':
        throw new HttpError(409, texts.alreadyPaid)
      case 'closed':
        throw new HttpError(409, texts.closed ?? orderNotPayable(result.status))
      case 'charged-but-paid':
        request.log.error({ cobranca: result.cobranca.id, ...logged }, `card charged for a ${targetRef.tipo} already paid: refund it`)
        throw new HttpError(409, texts.alreadyPaid)
      case 'declined':
        request.log.info({ cobranca: result.cobranca.id, ...logged, bandeira: usedCard.bandeira }, 'card payment declined')
        throw new HttpError(402, result.reason)
      case 'paid':
        request.log.info({ cobranca: result.cobranca.id, ...logged, bandeira: usedCard.bandeira }, 'card payment approved')
        reply.code(201)
        return toCardPayment(result.cobranca)
    }
  }

  return { pix, card, cardOptions }
}

/** The drive paths of instalments and orders (SPEC §7). */
export default async function paymentRoutes(app: FastifyInstance) {
  const { pix, card, cardOptions } = paymentFlows(app)
  contractRoute(app, contract.pixParcela, ({ caller, params }) => pix(caller.id, { tipo: 'parcela', id: params.id }, INSTALMENT_TARGET))
  contractRoute(app, contract.cartaoParcela, ({ caller, params, body, request, reply }) =>
    card(caller.id, { tipo: 'parcela', id: params.id }, INSTALMENT_TARGET, body, request, reply),
  )
  contractRoute(app, contract.opcoesCartaoParcela, ({ caller, params }) =>
    cardOptions(caller.id, { tipo: 'parcela', id: params.id }, INSTALMENT_TARGET),
  )
  contractRoute(app, contract.opcoesCartaoPedido, ({ caller, params }) =>
    cardOptions(caller.id, { tipo: 'pedido', id: params.id }, ORDER_TARGET),
  )
  contractRoute(app, contract.pixPedido, ({ caller, params }) => pix(caller.id, { tipo: 'pedido', id: params.id }, ORDER_TARGET))
  contractRoute(app, contract.cartaoPedido, ({ caller, params, body, request, reply }) =>
    card(caller.id, { tipo: 'pedido', id: params.id }, ORDER_TARGET, body, request, reply),
  )
}
