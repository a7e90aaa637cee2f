import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, type CardProps } from './card.tsx'
import { offlineStateOf } from './offline-state.ts'
import { LoadingStatus } from './skeleton.tsx'
import { SummarySkeleton } from './summary.tsx'
import { SyncStatus } from './sync-status.tsx'

export interface OfflineContentProps<T> {
  /** The device's copy: undefined while read, null when nothing was ever stored. */
  snapshot: { value: T; updatedAt: number } | null | undefined
  isSyncing: boolean
  isSlow?: boolean
  syncError: Error | null
  isPaused: boolean
  refresh?: () => void
  /** Shown when the stored value is there but empty (no classes, no orders…). */
  emptyText: string
  isEmpty?: (value: T) => boolean
  /**
   * For a screen of ONE item of the stored value (by id), `isEmpty` saying it is not there:
   * the device's copy cannot tell that it does not exist, only an answer can. While a sync
   * may still bring it, the skeleton; offline or with the server out of reach, this text
   * ("not on this device yet"); `emptyText` only once an answer said so.
   */
  notOnDeviceText?: string
  /**
   * What shows while a first answer can still arrive: the content's own layout with bars for
   * its texts (src/ui/skeleton.tsx), so nothing jumps when the answer replaces it.
   */
  skeleton: ReactNode
  children: (value: T) => ReactNode
}

/**
 * The states every offline-readable screen has (D15, issue 7): stored data with
 * "Atualizado em …" whatever the network does; a skeleton while a first fetch can still
 * arrive; "not yet on this device" when offline with nothing stored; an error when the
 * server refused; the empty text only once an answer said so.
 */
export function OfflineContent<T>({
  snapshot,
  isSyncing,
  isSlow = false,
  syncError,
  isPaused,
  refresh,
  emptyText,
  isEmpty,
  notOnDeviceText,
  skeleton,
  children,
}: OfflineContentProps<T>) {
  let state = offlineStateOf({ snapshot, isSyncing, syncError, isPaused }, isEmpty)
  const unsure = state === 'empty' && notOnDeviceText !== undefined
  if (unsure && isSyncing) state = 'loading'
  const status = (
    <SyncStatus
      updatedAt={snapshot?.updatedAt}
      isSyncing={isSyncing}
      isSlow={isSlow}
      syncError={syncError}
      isPaused={isPaused}
      onRefresh={refresh}
    />
  )
  switch (state) {
    case 'loading':
      return (
        <>
          {status}
          <div aria-busy="true">
            <LoadingStatus />
            {skeleton}
          </div>
        </>
      )
    case 'notOnDevice':
    case 'error':
      // SyncStatus says why: offline with nothing stored, the server out of reach, or its refusal.
      return status
    case 'empty':
      return (
        <>
          {status}
          <p className="ui-empty">{unsure && (isPaused || syncError) ? notOnDeviceText : emptyText}</p>
        </>
      )
    case 'ready':
      return (
        <>
          {status}
          {children(snapshot!.value)}
        </>
      )
  }
}

export interface OfflineCardProps<T> extends Omit<CardProps, 'children' | 'isLoading' | 'skeleton'> {
  data: { snapshot: { value: T } | null | undefined; isSyncing: boolean; syncError: Error | null; isPaused: boolean }
  /** What the card would show is empty (no open instalment, no class today…). */
  isEmpty: (value: T) => boolean
  emptyText: string
  children: (value: T) => ReactNode
}

/**
 * A dashboard card of offline data, in the same honest states as the screens (issue 7). Its
 * body is a Summary (src/ui/summary.tsx), and every state has the Summary's height.
 */
export function OfflineCard<T>({ data, isEmpty, emptyText, children, ...card }: OfflineCardProps<T>) {
  const { t } = useTranslation('ui')
  const state = offlineStateOf(data, isEmpty)
  return (
    <Card {...card} isLoading={state === 'loading'} skeleton={<SummarySkeleton />}>
      {state === 'ready' ? children(data.snapshot!.value) : null}
      {state === 'empty' ? <p className="summary-text">{emptyText}</p> : null}
      {state === 'notOnDevice' ? <p className="summary-text">{t('sync.notOnDevice')}</p> : null}
      {state === 'error' ? <p className="summary-text">{t('sync.failedNoData')}</p> : null}
    </Card>
  )
}
