import type { ReactNode } from 'react'
import { cx } from './class-names.ts'
import { SkeletonText } from './skeleton.tsx'

export interface SummaryProps {
  /** The card's one big value: an amount, a grade, a count, a time. */
  figure: ReactNode
  /** The figure in the danger colour (overdue, below the pass mark). */
  isBelow?: boolean
  /** Up to two lines of detail, each kept to one line (an ellipsis cuts what is longer). */
  lines: [ReactNode, ReactNode?]
}

/**
 * The body of a dashboard summary card: a figure and two one-line details, always the same
 * height (app.css `.summary-text`), as are the card's loading, empty and offline states: a
 * card never changes size when its answer arrives, so the cards below it do not move.
 */
export function Summary({ figure, isBelow = false, lines }: SummaryProps) {
  return (
    <p className="summary-text">
      <span className={cx('summary-figure', isBelow && 'is-below')}>{figure}</span>
      <span className="summary-line">{lines[0]}</span>
      <span className="summary-line">{lines[1]}</span>
    </p>
  )
}

/** A summary card while its first answer is on its way: the same layout, bars for the texts. */
export function SummarySkeleton() {
  return <Summary figure={<SkeletonText width="5.5rem" />} lines={[<SkeletonText width="85%" />, <SkeletonText width="55%" />]} />
}
