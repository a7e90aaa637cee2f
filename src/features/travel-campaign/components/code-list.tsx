import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CodigoValidado } from '../../../contract/schemas/travel-campaign.ts'
import type { OutboxItem } from '../../../db/outbox.ts'
import { CAMPAIGN_CODE_KIND, campaignCodeContextOf, campaignCodeReceiptOf } from '../../../db/outbox-kinds.ts'
import { loadOutboxApp, useOutboxQuery } from '../../../db/outbox-live.ts'
import { Button } from '../../../ui/button.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useShare } from '../../../ui/share.ts'
import { useRefreshTravelCampaign } from '../api.ts'
import { formatDay } from '../standing.ts'

/**
 * "Meus códigos": codes waiting in the outbox ("Aguardando conexão", refused with the
 * server's reason) above the codes the server validated, with their entries. One row per
 * code: a code the student has validated shows only its entries, never a refusal of a
 * second scan of it ("Você já validou…").
 */
export function CodeList({ userId, codigos }: { userId: number; codigos: CodigoValidado[] }) {
  const { t } = useTranslation('travelCampaign')
  const refresh = useRefreshTravelCampaign()
  const items = useOutboxQuery((outbox) => outbox.itemsOf(userId, { kind: CAMPAIGN_CODE_KIND }), [userId]).data ?? []
  const known = new Set(codigos.map((codigo) => codigo.codigo))
  // Validated since the campaign was read: shown from the receipt until the server's list has it.
  const fresh = items.flatMap((item) => {
    const receipt = campaignCodeReceiptOf(item)
    return receipt && !known.has(receipt.codigo) ? [receipt] : []
  })
  const freshKey = fresh.map((receipt) => receipt.codigo).join()
  useEffect(() => {
    if (freshKey) void refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newly validated code
  }, [freshKey])
  const validated = [...fresh, ...codigos]
  const validatedCodes = new Set(validated.map((codigo) => codigo.codigo))
  const { share, outcome, sheet } = useShare()
  const [shared, setShared] = useState<string | null>(null)
  const shareCode = (codigo: CodigoValidado) => {
    // The printed URL (D27): opened on another phone, it validates the code for that student.
    const url = `${window.location.origin}/at-home/scanear-qr-code/${codigo.campanha_id}/${encodeURIComponent(codigo.codigo)}/`
    setShared(codigo.codigo)
    void share({ title: codigo.campanha_nome, text: t('codes.shareText', { codigo: codigo.codigo, nome: codigo.campanha_nome }), url }, url)
  }
  const pending = items.filter(
    (item) => item.state !== 'enviado' && !(item.state === 'recusado' && validatedCodes.has(campaignCodeContextOf(item).codigo)),
  )
  return (
    <section aria-labelledby="campaign-codes" className="campaign__section">
      <h2 id="campaign-codes">{t('codes.title')}</h2>
      {pending.length > 0 ? (
        <ul className="campaign__codes">
          {pending.map((item) => (
            <PendingCode key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {validated.length === 0 ? (
        <p className="ui-empty">{t('codes.empty')}</p>
      ) : (
        <ul className="campaign__codes" data-testid="campaign-codes">
          {validated.map((codigo) => (
            <li key={codigo.codigo} className="campaign__code" data-testid="campaign-code">
              <div className="campaign__code-head">
                <strong>{codigo.codigo}</strong>
                <span className="status-pill campaign__pill--aberta">{t('codes.entries', { count: codigo.entradas })}</span>
              </div>
              <p className="campaign__meta">
                {codigo.descricao} · {t('codes.validatedAt', { date: formatDay(codigo.validado_em) })}
              </p>
              <div className="campaign__actions">
                <Button
                  variant="text"
                  aria-label={t(sheet ? 'codes.shareLabel' : 'codes.copyLabel', { codigo: codigo.codigo })}
                  onClick={() => shareCode(codigo)}
                >
                  {sheet ? t('codes.share') : t('codes.copy')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="campaign__share-status" data-testid="campaign-share-status">
        {shared === null || outcome === null ? '' : t(`codes.${outcome}`, { codigo: shared })}
      </p>
    </section>
  )
}

/**
 * A scanned code not validated yet: waiting for the connection, being sent, or refused. A
 * waiting one can be tried now; a refused one only removed: the same request would be
 * refused again (joining sends the codes refused before it again, and scanning a code again
 * replaces its refusal).
 */
function PendingCode({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('travelCampaign')
  const online = useOnlineStatus()
  const [busy, setBusy] = useState(false)
  const { codigo } = campaignCodeContextOf(item)
  const sending = item.state === 'enviando' && online
  const label = item.state === 'recusado' ? t('codes.rejected') : sending ? t('codes.sending') : t('codes.waiting')
  const act = (work: (app: Awaited<ReturnType<typeof loadOutboxApp>>) => Promise<unknown>) => () => {
    setBusy(true)
    void loadOutboxApp()
      .then(work)
      .finally(() => setBusy(false))
  }
  return (
    <li className="campaign__code" data-testid="campaign-pending-code" data-state={item.state}>
      <div className="campaign__code-head">
        <strong>{codigo}</strong>
        <span className={`status-pill campaign__pill--${item.state === 'recusado' ? 'recusado' : 'aguardando'}`}>{label}</span>
      </div>
      {item.state === 'recusado' ? (
        <p className="campaign__meta" role="alert">
          {item.reason}
        </p>
      ) : sending ? null : (
        <p className="campaign__meta">{t('codes.waitingHint')}</p>
      )}
      {item.state === 'enviando' ? null : (
        <div className="campaign__actions">
          {item.state === 'recusado' ? (
            <Button
              variant="text"
              disabled={busy}
              aria-label={t('codes.removeLabel', { codigo })}
              onClick={act((app) => app.removeOutboxItem(item.id))}
            >
              {t('codes.remove')}
            </Button>
          ) : (
            <Button variant="secondary" loading={busy} onClick={act((app) => app.retryOutboxItem(item.id))}>
              {t('codes.retry')}
            </Button>
          )}
        </div>
      )}
    </li>
  )
}
