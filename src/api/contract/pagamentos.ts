import * as v from 'valibot'
import { IdParam } from '../schemas/common.ts'
import { CobrancaPix, PagamentoCartao, PagamentoCartaoIn } from '../schemas/pagamento.ts'
import { defineEndpoint } from '../define.ts'

/** Texts of the payment endpoints (issue 12), shown as the server's `detail`. */
export const PAGAMENTO_TEXTS = {
  parcelaNotFound: 'Parcela não encontrada',
  alreadyPaid: 'Esta parcela já está paga.',
} as const

const parcelaNotFound = { 404: PAGAMENTO_TEXTS.parcelaNotFound }

/** Paying the caller's own instalments through drive (SPEC §7 drive host, D13). */
export const pagamentoEndpoints = {
  /**
   * A Pix charge for the instalment: the pending one while it lasts, a new one otherwise;
   * once paid, the charge that paid it (status `pago`). 409 when it was paid another way.
   */
  pixParcela: defineEndpoint({
    method: 'GET',
    path: '/financeiro-parcelas/{id}/cobranca/execute/pix/portal/',
    service: 'drive',
    access: 'student',
    owned: { id: 'parcela' },
    params: v.object({ id: IdParam }),
    response: CobrancaPix,
    errors: { byStatus: parcelaNotFound, useDetail: true, fallback: 'Erro ao gerar o Pix' },
  }),
  /**
   * Charges the card through the payment gateway (a sandbox by default, D13). Approved: the
   * instalment is paid (201). Declined: 402 with the reason in Portuguese. Already paid: 409.
   */
  cartaoParcela: defineEndpoint({
    method: 'POST',
    path: '/financeiro-parcelas/{id}/cobranca/execute/cartao-credito/portal/',
    service: 'drive',
    access: 'student',
    owned: { id: 'parcela' },
    params: v.object({ id: IdParam }),
    body: PagamentoCartaoIn,
    response: PagamentoCartao,
    errors: { byStatus: parcelaNotFound, useDetail: true, fallback: 'Erro ao pagar com cartão' },
  }),
} as const
