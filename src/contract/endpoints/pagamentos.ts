import * as v from 'valibot'
import { IdParam } from '../schemas/common.ts'
import { CobrancaPix, OpcoesCartao, PagamentoCartao, PagamentoCartaoIn, PagamentoCartaoPedidoIn } from '../schemas/pagamento.ts'
import { defineEndpoint } from '../define.ts'
import { PixWebhookHeaders, PixWebhookIn, PixWebhookOut } from '../schemas/pix-webhook.ts'

/** Texts of the payment endpoints (issue 12), shown as the server's `detail`. */
export const PAGAMENTO_TEXTS = {
  parcelaNotFound: 'Parcela não encontrada',
  alreadyPaid: 'Esta parcela já está paga.',
  pedidoNotFound: 'Pedido não encontrado',
  pedidoAlreadyPaid: 'Este pedido já está pago.',
  /** An order's card instalments above the plan chosen when ordering. */
  pedidoPlanExceeded: (max: number) =>
    max === 1
      ? 'Este pedido é pago à vista no cartão: foi o plano escolhido ao fazer o pedido.'
      : `Este pedido pode ser pago em até ${max}x no cartão, o plano escolhido ao fazer o pedido.`,
  /** Card payment attempts refused for a while, before "Aguarde N minutos…". */
  tooManyCardAttempts: 'Muitas tentativas de pagamento com cartão sem sucesso.',
} as const

/** One of the caller's instalments or orders by id: another student's is 404 (D7). */
const byParcela = { service: 'drive', access: 'student', owned: { id: 'parcela' }, params: v.object({ id: IdParam }) } as const
const byPedido = { service: 'drive', access: 'student', owned: { id: 'pedido' }, params: v.object({ id: IdParam }) } as const
const parcelaNotFound = { 404: PAGAMENTO_TEXTS.parcelaNotFound }
const pedidoNotFound = { 404: PAGAMENTO_TEXTS.pedidoNotFound }

/**
 * Paying the caller's own instalments (SPEC §7 drive host, D13) and orders waiting for
 * payment (issue 12: "status-1 orders use the same flow"; the order's paths are ours).
 */
export const pagamentoEndpoints = {
  /**
   * A Pix charge for the instalment: the pending one while it lasts, a new one otherwise;
   * once paid, the charge that paid it (status `pago`). 409 when it was paid another way.
   */
  pixParcela: defineEndpoint({
    method: 'GET',
    path: '/financeiro-parcelas/{id}/cobranca/execute/pix/portal/',
    ...byParcela,
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
    ...byParcela,
    body: PagamentoCartaoIn,
    response: PagamentoCartao,
    errors: { byStatus: parcelaNotFound, useDetail: true, fallback: 'Erro ao pagar com cartão' },
  }),
  /**
   * The same Pix charge for an order waiting for payment (1, or -1): its total. Paid, the
   * order moves 1 → 2 once (D11). 409 when it is paid, cancelled or waits for the level test.
   */
  pixPedido: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/{id}/cobranca/execute/pix/portal/',
    ...byPedido,
    response: CobrancaPix,
    errors: { byStatus: pedidoNotFound, useDetail: true, fallback: 'Erro ao gerar o Pix' },
  }),
  /**
   * The same card payment for an order waiting for payment: approved, the order moves 1 → 2
   * (201). Card instalments 1 up to the plan chosen when ordering, else 422.
   */
  cartaoPedido: defineEndpoint({
    method: 'POST',
    path: '/pre-invoice/{id}/cobranca/execute/cartao-credito/portal/',
    ...byPedido,
    body: PagamentoCartaoPedidoIn,
    response: PagamentoCartao,
    errors: { byStatus: pedidoNotFound, useDetail: true, fallback: 'Erro ao pagar com cartão' },
  }),
  /** The card instalments an instalment can be paid in (1–3) with their amounts: what the card form offers. */
  opcoesCartaoParcela: defineEndpoint({
    method: 'GET',
    path: '/financeiro-parcelas/{id}/cobranca/cartao-credito/parcelas/',
    ...byParcela,
    response: OpcoesCartao,
    errors: { byStatus: parcelaNotFound, useDetail: true, fallback: 'Erro ao carregar as parcelas do cartão' },
  }),
  /** The card instalments an order can be paid in: 1 up to the plan chosen when ordering, D12's amounts. */
  opcoesCartaoPedido: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/{id}/cobranca/cartao-credito/parcelas/',
    ...byPedido,
    response: OpcoesCartao,
    errors: { byStatus: pedidoNotFound, useDetail: true, fallback: 'Erro ao carregar as parcelas do cartão' },
  }),
  /**
   * The payment provider's Pix confirmations (D13): public, authenticated by the
   * HMAC-SHA256 signature of the body (`X-Webhook-Signature`) with PAYMENT_WEBHOOK_SECRET;
   * without a provider configured every delivery is refused. 401 unsigned or badly signed
   * (checked before anything else), 422 a signed body that is not a notification; each txid
   * is confirmed once, through the same confirmation as /dev/pix, and answered with what
   * became of it (an unknown txid is ignored, 200, so the provider stops resending it).
   */
  pixWebhook: defineEndpoint({
    method: 'POST',
    path: '/pagamentos/webhook/pix/',
    service: 'drive',
    access: 'public',
    headers: PixWebhookHeaders,
    body: PixWebhookIn,
    response: PixWebhookOut,
    errors: { useDetail: true, fallback: 'Erro ao receber a notificação Pix' },
  }),
} as const
