import type { UseQueryResult } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import { Alert } from '../../../ui/alert.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup, type Choice } from '../../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Pager, PastLastPage } from './pager.tsx'
import { PanelCards, type PanelCardsProps } from './panel-cards.tsx'
import { PanelQuery } from './panel-query.tsx'

/** A card's look without its items and action (the screens' `orderCard`, `leadCard`). */
export type ReviewCard<T extends { id: number }> = Omit<PanelCardsProps<T>, 'items' | 'action'>

export interface ReviewScreenProps<T extends { id: number }, F extends string, D extends { items: readonly T[]; total: number }> {
  /** The page's heading. */
  title: string
  nav: ReactNode
  /** The last move's outcome ("… agora está …"), read out as a status. */
  notice: string | null
  /** Said over the list offline once it has loaded, and instead of it offline before. */
  offlineText: string
  query: UseQueryResult<D>
  /** The "Situação" radios; choosing one goes back to the first page. */
  filter: { options: readonly Choice<F>[]; value: F; onChange: (value: F) => void }
  /** More filters under the statuses (the requests' programme); their change sets the page itself. */
  moreFilters?: ReactNode
  page: number
  onPage: (page: number) => void
  /** The card's title over the list (it names the chosen status). */
  listTitle: string
  card: ReviewCard<T>
  /** Said when the chosen status has nothing. */
  emptyText: string
  /** Said on a page emptied by moves, with the way back to the first. */
  pastLastPageText: string
  /** The pager's accessible name ("Páginas de pedidos") and its page size. */
  pagerLabel: string
  pageSize: number
  /** Above the cards once there are some (the leads' count). */
  head?: (data: D) => ReactNode
  action: (item: T) => ReactNode
  /** The confirmation (its ConfirmDialog). */
  children: ReactNode
}

/**
 * The panel's review screens (orders to fulfil, referral leads, reward orders): heading,
 * navigation, the last move's notice, statuses as radios, the paged cards
 * with their honest states (PanelQuery), and the confirmation of a move. Online only.
 */
export function ReviewScreen<T extends { id: number }, F extends string, D extends { items: readonly T[]; total: number }>({
  title,
  nav,
  notice,
  offlineText,
  query,
  filter,
  moreFilters,
  page,
  onPage,
  listTitle,
  card,
  emptyText,
  pastLastPageText,
  pagerLabel,
  pageSize,
  head,
  action,
  children,
}: ReviewScreenProps<T, F, D>) {
  return (
    <div className="page stack">
      <h1 className="page__title">{title}</h1>
      {nav}
      <MoveNotices notice={notice} loaded={query.data !== undefined} offlineText={offlineText} />
      <ChoiceGroup
        legend="Situação"
        options={filter.options}
        value={filter.value}
        onChange={(value) => {
          filter.onChange(value)
          onPage(0)
        }}
      />
      {moreFilters}
      <Card title={listTitle}>
        <PanelQuery query={query} skeleton={<PanelCards<T> items={undefined} {...card} action={() => null} />} offlineText={offlineText}>
          {(data) =>
            data.items.length === 0 && page > 0 ? (
              // The last page emptied (its rows moved on): the way back.
              <PastLastPage text={pastLastPageText} onFirst={() => onPage(0)} />
            ) : data.items.length === 0 ? (
              <p>{emptyText}</p>
            ) : (
              <>
                {head?.(data)}
                <PanelCards items={data.items} {...card} action={action} />
                <Pager label={pagerLabel} page={page} total={data.total} pageSize={pageSize} onPage={onPage} />
              </>
            )
          }
        </PanelQuery>
      </Card>
      {children}
    </div>
  )
}

/**
 * Over a review screen: the last move's outcome, read out as a status, and offline, once the
 * screen has loaded, that it needs a connection (before, PanelQuery says it instead of the list).
 */
export function MoveNotices({ notice, loaded, offlineText }: { notice: string | null; loaded: boolean; offlineText: string }) {
  const online = useOnlineStatus()
  return (
    <>
      {notice ? (
        <Alert tone="success" role="status">
          {notice}
        </Alert>
      ) : null}
      {!online && loaded ? <Alert tone="warning">{offlineText}</Alert> : null}
    </>
  )
}

/**
 * A move behind a confirmation: `ask(move)` is a button's click (it keeps the button for
 * the focus to return to and clears the last notice), `dialog` the ConfirmDialog's
 * open/opener/close/"Voltar".
 */
export function useConfirmedMove<P>() {
  const [pending, setPending] = useState<P | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const ask = (move: P) => (event: { currentTarget: HTMLElement }) => {
    opener.current = event.currentTarget
    setNotice(null)
    setPending(move)
  }
  const dialog = { open: pending !== null, opener, cancelLabel: 'Voltar', onClose: () => setPending(null) }
  return { pending, notice, setNotice, ask, dialog }
}

/** " (n)" after a status's radio once the counts are in: that status's total, or all of them. */
export function countSuffix<S>(counts: readonly { status: S; total: number }[] | undefined, status: S | undefined): string {
  if (!counts) return ''
  const total =
    status === undefined ? counts.reduce((sum, row) => sum + row.total, 0) : (counts.find((row) => row.status === status)?.total ?? 0)
  return ` (${total})`
}
