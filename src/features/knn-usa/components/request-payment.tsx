import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../lib/api.ts'
import { knnUsaEndpoints } from '../../../contract/endpoints/knn-usa.ts'
import type { KnnUsaRequest, ProgramaUsa } from '../../../contract/schemas/knn-usa.ts'
import type { CobrancaPix, OpcoesCartao, PagamentoCartao, PagamentoCartaoIn } from '../../../contract/schemas/pagamento.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { formatDate } from '../../../ui/format.ts'
import { PaymentSummary } from '../../../ui/payment-summary.tsx'
import { useOverseasPayment } from '../api.ts'
import { formatForeign, formatRate } from '../money.ts'

/** What the payment flow is asked to pay: the request, today's price in reais and how to charge it. */
export interface UsaToPay {
  tipo: 'knnUsa'
  id: number
  valor: number
  calls: {
    pix: () => Promise<CobrancaPix>
    card: (card: PagamentoCartaoIn) => Promise<PagamentoCartao>
    cardOptions: () => Promise<OpcoesCartao>
  }
}

/** The instalments' Pix and card flow, given by the route (a feature never imports another). */
export type UsaPayment = (target: UsaToPay, onPaid: () => void) => ReactNode

/**
 * Paying an approved request (D28): today's price in reais (no IOF) from
 * `GET /knn-usa/payment/{id}/`, then the instalments' own Pix and card panels with this
 * request's calls (card in up to 10 instalments, the server's plans). Online only.
 */
export function RequestPayment({
  request,
  programa,
  onPaid,
  payment,
}: {
  request: KnnUsaRequest
  programa: ProgramaUsa
  onPaid: () => void
  payment: UsaPayment
}) {
  const { t } = useTranslation('knnUsa')
  const pagamento = useOverseasPayment(request.id)
  const data = pagamento.data
  const target = useMemo(
    (): UsaToPay | null =>
      data?.valor_reais == null
        ? null
        : {
            tipo: 'knnUsa',
            id: request.id,
            valor: data.valor_reais,
            calls: {
              pix: () => api.call(knnUsaEndpoints.knnUsaPagarPix, { body: { request_id: request.id } }),
              card: (card: PagamentoCartaoIn) => api.call(knnUsaEndpoints.knnUsaPagarCartao, { body: { ...card, request_id: request.id } }),
              cardOptions: async () => ({ valor: data.valor_reais ?? 0, planos: data.planos }),
            },
          },
    [data, request.id],
  )
  return (
    <section className="usa-pay" aria-labelledby="usa-pay-heading">
      <h3 id="usa-pay-heading">{t('request.payHeading')}</h3>
      {pagamento.isError ? (
        <Alert tone="error" title={pagamento.error.message}>
          <Button variant="secondary" onClick={() => void pagamento.refetch()}>
            {t('request.retry')}
          </Button>
        </Alert>
      ) : data && data.valor_reais == null ? (
        <Alert tone="warning">{t('request.noRate')}</Alert>
      ) : (
        <>
          <PaymentSummary
            label={t('request.payLabel')}
            what={t('request.payWhat', { programa: t(`title.${programa}`) })}
            detail={
              data && data.taxa !== null && data.taxa_data
                ? t('request.payDetail', {
                    preco: formatForeign(data.preco, data.moeda),
                    taxa: formatRate(data.taxa),
                    date: formatDate(data.taxa_data),
                  })
                : ''
            }
            amount={data?.valor_reais ?? undefined}
          />
          {target ? payment(target, onPaid) : null}
        </>
      )}
    </section>
  )
}
