import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SkeletonText } from './skeleton.tsx'

/**
 * A detail screen's top: the way back, the title, and under the title what the screen is
 * about (a class's name). The subtitle keeps its line while the answer loads, so the
 * heading does not grow under the reader; it takes no line when the answer has none.
 */
export function PageHeader({
  back,
  backLabel,
  title,
  subtitle,
  loading,
  tour,
}: {
  back: LinkProps['to']
  backLabel: string
  title: ReactNode
  subtitle: string | null | undefined
  loading: boolean
  /** The guided tour's anchor on the heading, where a tour step points at it. */
  tour?: string
}) {
  return (
    <>
      <Link to={back} className="back-link">
        ← {backLabel}
      </Link>
      <h1 className="page__title" data-tour={tour}>
        {title}
        {subtitle || loading ? <span className="page__subtitle">{subtitle || <SkeletonText width="12rem" />}</span> : null}
      </h1>
    </>
  )
}
