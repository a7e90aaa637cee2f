import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { contract } from '../../src/api/contract.ts'
import { PAGAMENTO_TEXTS } from '../../src/api/contract/pagamentos.ts'
import type { CobrancaPix, PagamentoCartao } from '../../src/api/schemas/pagamento.ts'
import * as pagamentosRepo from '../db/repositories/pagamentos.ts'
import type { CobrancaRow } from '../db/schema/pagamentos.ts'
import { contractRoute } from '../http/contract-route.ts'
import { HttpError, notFound } from '../http/errors.ts'
import { brCode } from '../payments/brcode.ts'
import { cardBrand, cardProblem } from '../payments/card.ts'

export { confirmPixCharge } from '../db/repositories/pagamentos.ts'

/** How long a Pix code can be paid (P145); after it, asking again gives a new one. */
export const PIX_CHARGE_MINUTES = 30

/** The gateway did not answer (a real one over the network): nothing was recorded, the student may try again. */
export const GATEWAY_UNAVAILABLE = 'Não foi possível falar com a operadora do cartão. Tente novamente em instantes.'

class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable'
}

async function toCobrancaPix(row: CobrancaRow): Promise<CobrancaPix> {
  const copiaECola = row.copiaECola!
  return {
    id: row.id,
    parcela_id: row.parcelaId,
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

function toPagamentoCartao(row: CobrancaRow): PagamentoCartao {
  return {
    id: row.id,
    parcela_id: row.parcelaId,
    valor: row.valorCentavos,
    parcelas: row.parcelas!,
    bandeira: row.bandeira!,
    final: row.finalCartao!,
    pago_em: row.pagoEm!.toISOString(),
  }
}

/** Paying the caller's instalments through drive (issue 12, D13, P145). */
export default async function drivePagamentoRoutes(app: FastifyInstance) {
  contractRoute(app, contract.pixParcela, async ({ caller, params }) => {
    const result = await pagamentosRepo
      .forUser(app.db.orm, caller.id)
      .cobrancaPix(params.id, new Date(), PIX_CHARGE_MINUTES * 60_000, (txid, valorCentavos) =>
        brCode({ ...app.payments.pix, txid, amountCents: valorCentavos }),
      )
    if (result.kind === 'not-found') throw notFound(PAGAMENTO_TEXTS.parcelaNotFound)
    if (result.kind === 'paid-otherwise') throw new HttpError(409, PAGAMENTO_TEXTS.alreadyPaid)
    return toCobrancaPix(result.cobranca)
  })

  // The body carries the card: it is read here and handed to the gateway, never logged
  // (server/http/logging.ts logs no body) and never stored beyond brand and last four digits.
  contractRoute(app, contract.cartaoParcela, async ({ caller, params, body, request, reply }) => {
    const repo = pagamentosRepo.forUser(app.db.orm, caller.id)
    const parcela = await repo.parcela(params.id)
    if (!parcela) throw notFound(PAGAMENTO_TEXTS.parcelaNotFound)
    if (parcela.pagoEm !== null) throw new HttpError(409, PAGAMENTO_TEXTS.alreadyPaid)
    const now = new Date()
    const card = { number: body.numero, expiryMonth: body.validade_mes, expiryYear: body.validade_ano, cvv: body.cvv }
    // What is wrong with the card itself is the student's to fix (422), not a refusal by the bank.
    const problem = cardProblem(card, now)
    if (problem) throw new HttpError(422, problem)

    const cartao = { bandeira: cardBrand(body.numero), finalCartao: body.numero.slice(-4), parcelas: body.parcelas }
    let result: pagamentosRepo.PagamentoCartaoResult
    try {
      result = await repo.pagarComCartao(params.id, now, cartao, (txid, valorCentavos) =>
        app.payments.card
          .charge({ ...card, reference: txid, amountCents: valorCentavos, installments: body.parcelas, holder: body.titular })
          .catch((error: unknown) => {
            throw new GatewayUnavailable('card gateway failed', { cause: error })
          }),
      )
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error
      // Only the error's type: a gateway client's error can quote the request, card included.
      const kind = error.cause instanceof Error ? error.cause.name : typeof error.cause
      request.log.error({ gatewayError: kind, parcela: params.id }, 'card gateway failed')
      throw new HttpError(502, GATEWAY_UNAVAILABLE)
    }

    switch (result.kind) {
      case 'not-found':
        throw notFound(PAGAMENTO_TEXTS.parcelaNotFound)
      case 'already-paid':
        throw new HttpError(409, PAGAMENTO_TEXTS.alreadyPaid)
      case 'charged-but-paid':
        request.log.error({ cobranca: result.cobranca.id, parcela: params.id }, 'card charged for an instalment already paid: refund it')
        throw new HttpError(409, PAGAMENTO_TEXTS.alreadyPaid)
      case 'declined':
        request.log.info({ cobranca: result.cobranca.id, parcela: params.id, bandeira: cartao.bandeira }, 'card payment declined')
        throw new HttpError(402, result.reason)
      case 'paid':
        request.log.info({ cobranca: result.cobranca.id, parcela: params.id, bandeira: cartao.bandeira }, 'card payment approved')
        reply.code(201)
        return toPagamentoCartao(result.cobranca)
    }
  })
}
