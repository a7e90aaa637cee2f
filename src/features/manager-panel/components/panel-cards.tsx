import type { ReactNode } from 'react'
import { formatDateTime } from '../../../ui/format.ts'
import { itemsOrPlaceholders, LoadingStatus, SkeletonText, textOrSkeleton } from '../../../ui/skeleton.tsx'

/** One line of a card: its text, the bar's width while loading; `optional` lines have no bar and may be absent. */
export interface CardLine<T> {
  text: (item: T) => ReactNode
  width: string
  className?: string
  optional?: boolean
}

/**
 * A card's dates line, muted: "Pedido em …" and, once it moved, " · movido em …" (`changed`
 * answers that instant, or null while it never changed).
 */
export function datesLine<T>(
  created: [label: string, at: (item: T) => string],
  changed: [label: string, at: (item: T) => string | null],
): CardLine<T> {
  return {
    text: (item) => {
      const moved = changed[1](item)
      return `${created[0]} ${formatDateTime(new Date(created[1](item)))}${moved ? ` · ${changed[0]} ${formatDateTime(new Date(moved))}` : ''}`
    },
    width: '12rem',
    className: 'mp-table__when',
  }
}

export interface PanelCardsProps<T extends { id: number }> {
  /** Undefined while loading: three cards with bars for their texts, and "Carregando…". */
  items: readonly T[] | undefined
  /** The `data-testid` of a drawn card (tests find rows by it). */
  testId: string
  /** Prefix of each card's heading id (the article's name). */
  idPrefix: string
  title: CardLine<T>
  status: CardLine<T>
  lines: CardLine<T>[]
  action: (item: T) => ReactNode
}

/**
 * The panel's lists of things to act on (orders, leads, reward orders, rewards): one card
 * per item rather than a table row, so a phone shows the action without
 * scrolling sideways; the skeleton is the same card with bars.
 */
export function PanelCards<T extends { id: number }>({ items, testId, idPrefix, title, status, lines, action }: PanelCardsProps<T>) {
  const cards = (
    <ul className="mp-orders">
      {itemsOrPlaceholders(items, 3).map((item, index) => {
        const slot = (line: CardLine<T>) => textOrSkeleton(item, line.text, line.width)
        const headingId = item ? `${idPrefix}-${item.id}` : undefined
        return (
          <li
            key={item?.id ?? `placeholder-${index}`}
            className="mp-order"
            data-testid={item ? testId : undefined}
            aria-hidden={item ? undefined : true}
          >
            <article aria-labelledby={headingId}>
              <div className="mp-order__head">
                <h3 id={headingId} className="mp-order__numero">
                  {slot(title)}
                </h3>
                <span className="mp-status">{slot(status)}</span>
              </div>
              {lines.map((line, lineIndex) => {
                const text = item ? line.text(item) : line.optional ? null : <SkeletonText width={line.width} />
                return text === null ? null : (
                  <p key={lineIndex} className={line.className}>
                    {text}
                  </p>
                )
              })}
              <div className="mp-order__action">{item ? action(item) : <SkeletonText width="12rem" />}</div>
            </article>
          </li>
        )
      })}
    </ul>
  )
  return items ? (
    cards
  ) : (
    <>
      <LoadingStatus />
      {cards}
    </>
  )
}
