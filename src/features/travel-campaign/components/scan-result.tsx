import '../travel-campaign.css'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Spinner } from '../../../ui/spinner.tsx'
import { campaignCodeReceiptOf } from '../../../db/outbox-kinds.ts'
import { useOutboxQuery } from '../../../db/outbox-live.ts'
import { queueCampaignCode, useRefreshTravelCampaign, useTravelCampaign } from '../api.ts'
import type { ScannedCode } from '../scan-url.ts'

/**
 * /at-home/scanear-qr-code/{campanha}/{codigo}/ (D27, the printed URL; the programme page's
 * camera comes here too): the code is queued in the outbox once (`onQueued` puts the item's
 * id in the address, so a reload watches it instead of scanning again) and the screen
 * follows it: validating, waiting for the connection, validated with the entries, or the
 * server's refusal.
 */
export function ScanResult({
  code,
  itemId,
  userId,
  onQueued,
}: {
  /** Null: the address is not a campaign code's (nothing is queued). */
  code: ScannedCode | null
  itemId: string | undefined
  userId: number
  onQueued: (id: string) => void
}) {
  const { t } = useTranslation('travelCampaign')
  const [queueError, setQueueError] = useState(false)
  useEffect(() => {
    if (itemId || !code) return
    queueCampaignCode(code, userId).then(
      (item) => onQueued(item.id),
      () => setQueueError(true),
    )
  }, [code, itemId, userId, onQueued])
  return (
    <div className="page campaign">
      <h1 className="page__title">{t('result.title')}</h1>
      <div className="stack">
        {code ? <p className="campaign__scanned">{t('result.code', { codigo: code.codigo })}</p> : null}
        {!code ? (
          <Alert tone="error">{t('result.invalid')}</Alert>
        ) : queueError ? (
          <Alert tone="error">{t('result.unreadable')}</Alert>
        ) : itemId ? (
          <ItemState id={itemId} />
        ) : (
          <Validating />
        )}
        <p>
          <Link to="/knn-abre-o-mundo">{t('result.toCampaign')}</Link>
        </p>
      </div>
    </div>
  )
}

function Validating() {
  const { t } = useTranslation('travelCampaign')
  return (
    <p className="campaign__validating" role="status">
      <Spinner decorative /> {t('result.validating')}
    </p>
  )
}

/** The queued code's fate, live from the outbox (any tab, the worker). */
function ItemState({ id }: { id: string }) {
  const { t } = useTranslation('travelCampaign')
  const online = useOnlineStatus()
  const refresh = useRefreshTravelCampaign()
  const { data: item, error } = useOutboxQuery((outbox) => outbox.outboxDb.items.get(id).then((found) => found ?? null), [id])
  const receipt = item ? campaignCodeReceiptOf(item) : undefined
  useEffect(() => {
    // The programme page's entries and codes include it from now on.
    if (receipt) void refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when validated
  }, [receipt?.codigo])
  if (error) return <Alert tone="error">{t('result.unreadable')}</Alert>
  if (item === undefined) return <Validating />
  if (item === null) return <Alert tone="info">{t('result.gone')}</Alert>
  if (receipt)
    return (
      <Alert tone="success" title={t('result.validated')} role="status" data-testid="scan-result">
        <p>{t('result.gained', { count: receipt.entradas, codigo: receipt.codigo })}</p>
        <p>
          <strong>{t('result.total', { count: receipt.total_entradas, nome: receipt.campanha_nome })}</strong>
        </p>
      </Alert>
    )
  if (item.state === 'recusado') return <Rejected reason={item.reason ?? ''} />
  if (item.state === 'enviando' && online) return <Validating />
  if (online && !item.lastError) return <Validating />
  return (
    <Alert tone="warning" title={t('result.waiting')} role="status" data-testid="scan-result">
      {t('result.waitingBody')}
    </Alert>
  )
}

/** The server's refusal (expired 410, already used or not enrolled 409, unknown 404), and the way to "Participar". */
function Rejected({ reason }: { reason: string }) {
  const { t } = useTranslation('travelCampaign')
  const campaign = useTravelCampaign().snapshot?.value.campanha
  const notEnrolled = campaign !== undefined && campaign !== null && campaign.inscrito_em === null
  return (
    <Alert tone="error" title={t('result.rejected')} data-testid="scan-result">
      <p>{reason}</p>
      {notEnrolled ? (
        <>
          <p>{t('result.notEnrolled')}</p>
          <Button asChild>
            <Link to="/knn-abre-o-mundo">{t('result.goJoin')}</Link>
          </Button>
        </>
      ) : null}
    </Alert>
  )
}
