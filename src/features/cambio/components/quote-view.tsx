import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CAMBIO_TEXTS } from '../../../contract/endpoints/cambio.ts'
import type { CotacaoCambio, MoedaEstrangeira, SimulacaoCambioIn } from '../../../contract/schemas/cambio.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { formatClock, formatDate, formatMoney } from '../../../ui/format.ts'
import { PaymentSummary } from '../../../ui/payment-summary.tsx'
import { LoadingStatus, SkeletonText, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { cambioPaymentCalls, type CambioPaymentCalls } from '../api/pagar-cambio.ts'
import type { CotacaoRecebida } from '../api/simular-cambio.ts'
import { formatCurrency, formatPercent, formatRate } from '../money.ts'
import { quoteDeadline } from '../quote-validity.ts'

/** What the payment flow is asked to pay: the quote, its total in reais and how to charge it. */
export interface CambioToPay {
  tipo: 'cambio'
  id: number
  valor: number
  calls: CambioPaymentCalls
}

/** The instalments' Pix and card flow, given by the route; `onRefused` gets the server's 409. */
export type CambioPayment = (target: CambioToPay, onPaid: () => void, onRefused: (message: string) => void) => ReactNode

interface QuoteViewProps {
  quote: CotacaoRecebida
  online: boolean
  payment: CambioPayment
  requote: (request: SimulacaoCambioIn) => void
  requoting: boolean
}

/** The foreign side of a quote: what the student buys. */
function foreign(cotacao: CotacaoCambio): { moeda: MoedaEstrangeira; valor: number } {
  return cotacao.moeda_origem === 'BRL'
    ? { moeda: cotacao.moeda_destino as MoedaEstrangeira, valor: cotacao.valor_destino }
    : { moeda: cotacao.moeda_origem as MoedaEstrangeira, valor: cotacao.valor_origem }
}

/**
 * A quote: the conversion, the rate with its date, the reais, the IOF apart and
 * the total, valid until the time the server gave. Without `quote`, the same layout with
 * bars (a simulation on its way). Past its time, or refused by the server (409), it offers
 * "Simular de novo" instead of paying.
 */
export function QuoteView(props: QuoteViewProps | Partial<Record<keyof QuoteViewProps, undefined>>) {
  const { t } = useTranslation('cambio')
  const cotacao = props.quote?.cotacao
  const heading = useRef<HTMLHeadingElement>(null)
  // A new quote is announced by moving to its heading (the button that asked for it stays above).
  useEffect(() => {
    if (cotacao) heading.current?.focus()
  }, [cotacao])

  const compra = cotacao && foreign(cotacao)
  return (
    <section className="cambio-quote stack" aria-labelledby="cambio-quote-heading">
      <h2 id="cambio-quote-heading" ref={heading} tabIndex={-1}>
        {t('quote.heading')}
      </h2>
      {cotacao ? null : <LoadingStatus />}
      <p className="cambio-quote__conversion" aria-hidden={cotacao ? undefined : true}>
        {textOrSkeleton(
          cotacao,
          (c) =>
            t('quote.conversion', {
              origem: formatCurrency(c.valor_origem, c.moeda_origem),
              destino: formatCurrency(c.valor_destino, c.moeda_destino),
            }),
          '14rem',
        )}
      </p>
      <dl className="cambio-quote__lines" aria-hidden={cotacao ? undefined : true}>
        <div>
          <dt>{t('quote.rate')}</dt>
          <dd>
            {textOrSkeleton(
              cotacao && compra && { c: cotacao, moeda: compra.moeda },
              ({ c, moeda }) =>
                t('quote.rateValue', {
                  taxa: formatRate(c.taxa),
                  unidade: t(`quote.units.${moeda}`),
                  moeda,
                  date: formatDate(c.taxa_data),
                }),
              '16rem',
            )}
          </dd>
        </div>
        <div>
          <dt>{t('quote.reais')}</dt>
          <dd>{textOrSkeleton(cotacao, (c) => formatMoney(c.valor_reais), '6rem')}</dd>
        </div>
        <div>
          <dt>{textOrSkeleton(cotacao, (c) => t('quote.iof', { percent: formatPercent(c.iof_percentual) }), '5rem')}</dt>
          <dd>{textOrSkeleton(cotacao, (c) => formatMoney(c.iof), '5rem')}</dd>
        </div>
      </dl>
      {props.quote ? (
        <Payable {...props} quote={props.quote} />
      ) : (
        <PaymentSummary
          label={t('quote.total')}
          showLabel
          what={<SkeletonText width="10rem" />}
          detail={<SkeletonText width="9rem" />}
          amount={undefined}
        />
      )}
    </section>
  )
}

function Payable({ quote, online, payment, requote, requoting }: QuoteViewProps) {
  const { t } = useTranslation('cambio')
  const { cotacao, receivedAt } = quote
  const [paying, setPaying] = useState(false)
  const [paid, setPaid] = useState(cotacao.pago_em !== null)
  const [refused, setRefused] = useState<string | null>(null)
  const expired = useExpired(quoteDeadline(cotacao, receivedAt), paid)
  const payHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (paying) payHeading.current?.focus()
  }, [paying])
  const onPaid = useCallback(() => setPaid(true), [])
  const onRefused = useCallback((message: string) => setRefused(message), [])
  const target = useMemo<CambioToPay>(
    () => ({ tipo: 'cambio', id: cotacao.id, valor: cotacao.total, calls: cambioPaymentCalls(cotacao.id, cotacao.total) }),
    [cotacao.id, cotacao.total],
  )
  const compra = foreign(cotacao)
  const closed = !paid && (refused !== null || expired)

  return (
    <>
      <PaymentSummary
        label={t('quote.total')}
        showLabel
        what={t('quote.summary', { amount: formatCurrency(compra.valor, compra.moeda) })}
        detail={paid ? t('quote.paid') : t('quote.validUntil', { time: formatClock(cotacao.valida_ate) })}
        amount={cotacao.total}
      />
      {closed ? (
        <Alert tone="warning" title={refused ?? CAMBIO_TEXTS.cotacaoExpirada}>
          <Button
            onClick={() =>
              requote({ moeda_origem: cotacao.moeda_origem, moeda_destino: cotacao.moeda_destino, valor: cotacao.valor_origem })
            }
            disabled={!online}
            loading={requoting}
          >
            {t('simulateAgain')}
          </Button>
        </Alert>
      ) : paying || paid ? (
        <section className="stack" aria-labelledby="cambio-pay-heading">
          <h2 id="cambio-pay-heading" ref={payHeading} tabIndex={-1}>
            {t('payHeading')}
          </h2>
          {payment(target, onPaid, onRefused)}
        </section>
      ) : (
        <Button onClick={() => setPaying(true)} disabled={!online}>
          {t('pay', { amount: formatMoney(cotacao.total) })}
        </Button>
      )}
    </>
  )
}

/** Whether `deadline` (this device's clock) has passed; stops counting once the quote is paid. */
function useExpired(deadline: number, paid: boolean): boolean {
  const [expired, setExpired] = useState(() => Date.now() >= deadline)
  useEffect(() => {
    if (paid || expired) return
    const timer = setTimeout(() => setExpired(true), Math.max(0, deadline - Date.now()))
    return () => clearTimeout(timer)
  }, [deadline, paid, expired])
  return expired
}
