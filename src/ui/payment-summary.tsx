import './payment-summary.css'
import type { ReactNode } from 'react'
import { formatMoney } from './format.ts'
import { textOrSkeleton } from './skeleton.tsx'

/**
 * What a payment screen collects (an instalment, an order): what it is, a second line and
 * the amount. While `amount` is unknown the box is its own skeleton, hidden from screen readers.
 */
export function PaymentSummary({
  label,
  what,
  detail,
  amount,
}: {
  label: string
  what: ReactNode
  detail: ReactNode
  amount: number | undefined
}) {
  return (
    <section className="payment-summary" aria-label={label} aria-hidden={amount === undefined ? true : undefined}>
      <span className="payment-summary__what">{what}</span>
      <span className="payment-summary__due">{detail}</span>
      <span className="payment-summary__amount">{textOrSkeleton(amount, formatMoney, '6rem')}</span>
    </section>
  )
}
