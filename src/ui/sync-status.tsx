import { useTranslation } from 'react-i18next'
import { Alert } from './alert.tsx'
import { ErrorCode } from './error-code.tsx'
import { formatDateTime } from './format.ts'
import { Spinner } from './spinner.tsx'

export interface SyncStatusProps {
  updatedAt: number | undefined
  isSyncing: boolean
  /** The refresh has waited long for an answer: the device's copy shows, marked "Conexão lenta". */
  isSlow?: boolean
  syncError: Error | null
  isPaused: boolean
  onRefresh?: () => void
}

/**
 * "Atualizado em …" under a screen's title, with a refresh in progress or a failed one
 * shown beside it, never in place of the data (D15).
 */
export function SyncStatus({ updatedAt, isSyncing, isSlow = false, syncError, isPaused, onRefresh }: SyncStatusProps) {
  const { t } = useTranslation('ui')
  return (
    <div className="ui-sync-status">
      <p className="ui-sync-status__line">
        {updatedAt ? (
          <span className="ui-sync-status__date" data-testid="updated-at">
            {t('sync.updatedAt', { date: formatDateTime(updatedAt) })}
          </span>
        ) : null}
        {isSyncing ? (
          <span className="ui-sync-status__busy" role="status">
            <Spinner size="sm" decorative /> {isSlow ? t('sync.slow') : t('sync.updating')}
          </span>
        ) : onRefresh && !isPaused ? (
          <button type="button" className="ui-sync-status__refresh" onClick={onRefresh}>
            {t('sync.refresh')}
          </button>
        ) : null}
      </p>
      {/* Beside the device's data a failed refresh is a notice over the screen (app.css), not a
          box that pushes the data down; without data the message is the screen's content. */}
      {syncError && updatedAt ? (
        <Alert tone="warning" className="ui-sync-status__toast">
          {t('sync.failed')}
        </Alert>
      ) : null}
      {syncError && !updatedAt && !isPaused && !isSyncing ? (
        <Alert tone="error">
          {syncError.message || t('sync.failedNoData')}
          <ErrorCode error={syncError} />
        </Alert>
      ) : null}
      {isPaused && !updatedAt ? <Alert tone="info">{t('sync.emptyOffline')}</Alert> : null}
    </div>
  )
}
