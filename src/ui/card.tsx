import { useId, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'
import { cx } from './class-names.ts'
import { LoadingStatus } from './skeleton.tsx'

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** SPEC §3/§4: while true a table-type skeleton replaces the content. */
  isLoading?: boolean | undefined
  title?: ReactNode
  /** Buttons or links shown beside the title. */
  actions?: ReactNode
  /** Heading level of the title (h2 by default). */
  headingLevel?: 2 | 3 | 4 | undefined
  /** Size of the skeleton table. */
  skeletonRows?: number | undefined
  skeletonColumns?: number | undefined
  /**
   * What stands in for the content while loading, instead of the table: the content's own
   * layout with bars for its texts (src/ui/skeleton.tsx), so nothing moves when it arrives.
   */
  skeleton?: ReactNode
  children?: ReactNode
}

/** A surface grouping related content, with an optional title and actions. */
export function Card({
  isLoading = false,
  title,
  actions,
  headingLevel = 2,
  skeletonRows = 4,
  skeletonColumns = 3,
  skeleton,
  className,
  children,
  ...props
}: CardProps) {
  const titleId = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      {...props}
      className={cx('ui-card', className)}
      aria-busy={isLoading || undefined}
    >
      {title || actions ? (
        <header className="ui-card__header">
          {title ? (
            <Heading id={titleId} className="ui-card__title">
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {isLoading && skeleton === undefined ? (
        <TableSkeleton rows={skeletonRows} columns={skeletonColumns} />
      ) : (
        <div className="ui-card__body">
          {isLoading ? (
            <>
              <LoadingStatus />
              {skeleton}
            </>
          ) : (
            children
          )}
        </div>
      )}
    </section>
  )
}

export interface TableSkeletonProps {
  rows?: number | undefined
  columns?: number | undefined
  className?: string | undefined
}

/**
 * Placeholder shaped like a table (heading, header row, body rows) with grey bars.
 * The bars are hidden from assistive technology; a status text says "Carregando…".
 */
export function TableSkeleton({ rows = 4, columns = 3, className }: TableSkeletonProps) {
  const cols = Array.from({ length: Math.max(1, columns) }, (_, i) => i)
  const style = { '--ui-skeleton-columns': String(cols.length) } as CSSProperties
  return (
    <>
      <LoadingStatus />
      <div className={cx('ui-skeleton', 'ui-skeleton--table', className)} style={style} aria-hidden="true">
        <span className="ui-skeleton__bar ui-skeleton__bar--heading" />
        <div className="ui-skeleton__row ui-skeleton__row--head">
          {cols.map((c) => (
            <span key={c} className="ui-skeleton__bar" />
          ))}
        </div>
        {Array.from({ length: Math.max(1, rows) }, (_, r) => (
          <div key={r} className="ui-skeleton__row">
            {cols.map((c) => (
              <span key={c} className="ui-skeleton__bar" />
            ))}
          </div>
        ))}
      </div>
    </>
  )
}
