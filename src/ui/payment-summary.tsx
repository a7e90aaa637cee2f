import './payment-summary.css'
import { useId, type ReactNode } from 'react'
import { formatMoney } from './format.ts'
import { textOrSkeleton } from './skeleton.tsx'

/**
 * What a payment screen collects (an instalment, an order): what it is, a second line and
 * the amount. While `amount` is unknown the box is its own skeleton, hidden from screen readers.
 * `showLabel` writes the label above the amount (the câmbio's "Total a pagar", where the
 * amount is not the price of what the first line names): the box's name then comes from it.
 */
export function PaymentSummary({
  label,
  what,
  detail,
  amount,
  showLabel = false,
}: {
  label: string
  what: ReactNode
  detail: ReactNode
  amount: number | undefined
  showLabel?: boolean
}) {
  const labelId = useId()
  return (
    <section
      className="payment-summary"
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? labelId : undefined}
      aria-hidden={amount === undefined ? true : undefined}
    >
      <span className="payment-summary__what">{what}</span>
      <span className="payment-summary__due">{detail}</span>
      {showLabel ? (
        <span className="payment-summary__label" id={labelId}>
          {label}
        </span>
      ) : null}
      <span className="payment-summary__amount">{textOrSkeleton(amount, formatMoney, '6rem')}</span>
    </section>
  )
}
