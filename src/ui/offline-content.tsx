import type { ReactNode } from 'react'
import { Card } from './card.tsx'
import { SyncStatus } from './sync-status.tsx'

export interface OfflineContentProps<T> {
  /** The device's copy: undefined while read, null when nothing was ever stored. */
  snapshot: { value: T; updatedAt: number } | null | undefined
  isSyncing: boolean
  syncError: Error | null
  isPaused: boolean
  refresh?: () => void
  /** Shown when the stored value is there but empty (no classes, no orders…). */
  emptyText: string
  isEmpty?: (value: T) => boolean
  children: (value: T) => ReactNode
}

/**
 * The states every offline-readable screen has (D15): stored data with "Atualizado em …"
 * whatever the network does; a skeleton only while a first fetch can still arrive; a clear
 * message, not a spinner, when the device holds nothing and there is no connection.
 */
export function OfflineContent<T>({ snapshot, isSyncing, syncError, isPaused, refresh, emptyText, isEmpty, children }: OfflineContentProps<T>) {
  const status = <SyncStatus updatedAt={snapshot?.updatedAt} isSyncing={isSyncing} syncError={syncError} isPaused={isPaused} onRefresh={refresh} />
  if (!snapshot) {
    const waitingForFirstFetch = snapshot === undefined || (isSyncing && !syncError)
    return (
      <>
        {status}
        {waitingForFirstFetch ? <Card isLoading /> : null}
      </>
    )
  }
  return (
    <>
      {status}
      {isEmpty?.(snapshot.value) ? <p className="ui-empty">{emptyText}</p> : children(snapshot.value)}
    </>
  )
}
