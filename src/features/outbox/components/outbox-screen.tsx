import '../outbox.css'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../contract/uploads.ts'
import { loadOutboxApp, useOutboxQuery } from '../../../db/outbox-live.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { OutboxItemRow } from './outbox-item.tsx'

/**
 * /envios-pendentes (D16): every write this user queued on this device, waiting, being
 * sent, refused or sent with its receipt. It reads only the device, so it works offline
 * exactly as online: no "not on this device" state, nothing to fetch.
 */
export function OutboxScreen({ userId }: { userId: number }) {
  const { t } = useTranslation('outbox')
  const { data: items, error, retry } = useOutboxQuery((outbox) => outbox.itemsOf(userId), [userId])
  const bytes = items?.reduce((sum, item) => sum + (item.hasFile ? item.fileSize : 0), 0) ?? 0
  const persisted = usePersisted(bytes > 0)
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <p className="outbox-intro">{t('intro')}</p>
      {error && items === undefined ? (
        // IndexedDB refused (private mode, storage blocked): say so, never a skeleton forever.
        <>
          <Alert tone="error">{t('unreadable')}</Alert>
          <p>
            <Button variant="secondary" onClick={retry}>
              {t('readAgain')}
            </Button>
          </p>
        </>
      ) : items === undefined ? (
        <div aria-busy="true">
          <LoadingStatus />
          <ul className="outbox-list" aria-hidden="true">
            <li className="outbox-item">
              <SkeletonText width="12rem" />
              <SkeletonText width="8rem" />
            </li>
          </ul>
        </div>
      ) : items.length === 0 ? (
        <p className="ui-empty">{t('empty')}</p>
      ) : (
        <>
          {bytes > 0 ? (
            <p className="outbox-storage" data-testid="outbox-storage">
              {t('storage', { size: formatBytes(bytes) })}{' '}
              {persisted === null ? null : persisted ? t('storagePersisted') : t('storageNotPersisted')}
            </p>
          ) : null}
          <ul className="outbox-list" aria-label={t('title')}>
            {[...items].reverse().map((item) => (
              <OutboxItemRow key={item.id} item={item} showActivity />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** Whether the browser keeps the site's storage under pressure (asked once files wait). */
function usePersisted(ask: boolean): boolean | null {
  const [persisted, setPersisted] = useState<boolean | null>(null)
  useEffect(() => {
    if (!ask) return
    let live = true
    void loadOutboxApp()
      .then(async ({ requestPersistentStorage, storageEstimate }) => {
        await requestPersistentStorage()
        return storageEstimate()
      })
      .then((estimate) => {
        if (live) setPersisted(estimate?.persisted ?? null)
      })
    return () => {
      live = false
    }
  }, [ask])
  return persisted
}
