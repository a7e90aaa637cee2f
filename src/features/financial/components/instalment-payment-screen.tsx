import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Parcela } from '../../../contract/schemas/financeiro.ts'
import { Alert } from '../../../ui/alert.tsx'
import { formatDate } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { PaymentSummary } from '../../../ui/payment-summary.tsx'
import { textOrSkeleton } from '../../../ui/skeleton.tsx'
import { financialQueryKey, useFinancial } from '../api/get-financial.ts'

/** What the payment is asked for: the instalment and its amount (the payment's own flow draws the rest). */
export interface InstalmentToPay {
  tipo: 'parcela'
  id: number
  valor: number
}

/** The Pix and card flow (features/payment), composed by the route: a feature never imports another. */
type PaymentSlot = (target: InstalmentToPay, onPaid: () => void) => ReactNode

/**
 * /financial/pagar/{id} (issue 12, D13): the instalment as the device has it, then Pix or
 * card. Paying needs a connection and says so; nothing of a payment is queued or stored.
 */
export function InstalmentPaymentScreen({ parcelaId, payment }: { parcelaId: number; payment: PaymentSlot }) {
  const { t } = useTranslation('payment')
  const data = useFinancial()
  return (
    <div className="page stack">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent
        {...data}
        emptyText={t('notFound')}
        notOnDeviceText={t('notOnDevice')}
        isEmpty={(financeiro) => !financeiro.parcelas.some((parcela) => parcela.id === parcelaId)}
        skeleton={<InstalmentSummary />}
      >
        {(financeiro) => <Payment parcela={financeiro.parcelas.find((parcela) => parcela.id === parcelaId)!} payment={payment} />}
      </OfflineContent>
      <p>
        <Link to="/financial">{t('back')}</Link>
      </p>
    </div>
  )
}

/** What is being paid; without `parcela`, the same box with bars (the skeleton). */
function InstalmentSummary({ parcela }: { parcela?: Parcela }) {
  const { t } = useTranslation('payment')
  // The instalment is named and dated as on /financial.
  const { t: tf } = useTranslation('financial')
  return (
    <PaymentSummary
      label={t('amount')}
      what={textOrSkeleton(parcela, (p) => `${p.descricao} · ${tf('instalment', { n: p.numero, total: p.total_parcelas })}`, '12rem')}
      detail={textOrSkeleton(parcela, (p) => tf('dueOn', { date: formatDate(p.vencimento) }), '8rem')}
      amount={parcela?.valor}
    />
  )
}

function Payment({ parcela, payment }: { parcela: Parcela; payment: PaymentSlot }) {
  const { t } = useTranslation('payment')
  const queryClient = useQueryClient()
  // Paid on this screen: its panel keeps the confirmation on screen after the re-sync below.
  const [paidHere, setPaidHere] = useState(false)
  const onPaid = useCallback(() => {
    setPaidHere(true)
    // The list re-syncs from the server: the instalment shows paid there and on the dashboard.
    void queryClient.invalidateQueries({ queryKey: financialQueryKey })
  }, [queryClient])

  if (parcela.status === 'pago' && !paidHere) {
    return (
      <>
        <InstalmentSummary parcela={parcela} />
        <Alert tone="success">{t('alreadyPaid')}</Alert>
      </>
    )
  }
  return (
    <>
      <InstalmentSummary parcela={parcela} />
      {payment({ tipo: 'parcela', id: parcela.id, valor: parcela.valor }, onPaid)}
    </>
  )
}
