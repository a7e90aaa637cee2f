import '../outbox.css'
import { Link } from '@tanstack/react-router'
import { memo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../contract/uploads.ts'
import type { OutboxItem } from '../../../db/outbox.ts'
import { loadOutboxApp } from '../../../db/outbox-live.ts'
import { Button } from '../../../ui/button.tsx'
import { formatDateTime, formatGrade } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import {
  CAMPAIGN_CODE_KIND,
  campaignCodeContextOf,
  campaignCodeReceiptOf,
  PRACTICE_RESULT_KIND,
  practiceContextOf,
  practiceReceiptOf,
} from '../../../db/outbox-kinds.ts'

/** What an activity file's receipt holds (the server's `ArquivoAtividade`). */
interface Receipt {
  referencia?: string
  recebido_em?: string
  nome?: string
}

function receiptOf(item: OutboxItem): Receipt {
  return (item.receipt ?? {}) as Receipt
}

/** Once sent, the name the server stored (made honest: no unseen characters, the type's extension). */
function shownName(item: OutboxItem): string {
  const { nome } = receiptOf(item)
  return typeof nome === 'string' && nome !== '' ? nome : item.fileName
}

/**
 * One queued write as the student sees it (D16): its state, progress, the server's reason
 * for a refusal, the receipt once sent, and what can be done (retry, cancel, clear). Drawn
 * again only when its item changed (the outbox's live answers keep an unchanged item's identity).
 */
export const OutboxItemRow = memo(OutboxItemRowView)

function OutboxItemRowView({ item, showActivity = false }: { item: OutboxItem; showActivity?: boolean }) {
  const { t } = useTranslation('outbox')
  const receipt = receiptOf(item)
  // A practice test's result rather than a file: its score, and the practice area.
  if (item.kind === PRACTICE_RESULT_KIND) return <PracticeResultRow item={item} actions={<Actions item={item} />} />
  // A scanned travel-campaign code (issue 14): the code, and its entries once validated.
  if (item.kind === CAMPAIGN_CODE_KIND) return <CampaignCodeRow item={item} actions={<Actions item={item} />} />
  const titulo = typeof item.context.titulo === 'string' ? item.context.titulo : null
  const turmaId = item.context.turmaId
  return (
    <li className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item" data-state={item.state}>
      <div className="outbox-item__head">
        <span className="outbox-item__name">{shownName(item)}</span>
        <StatePill item={item} />
      </div>
      <p className="outbox-item__meta">{t('queuedAt', { size: formatBytes(item.fileSize), date: formatDateTime(item.createdAt) })}</p>
      {showActivity && titulo ? (
        <p className="outbox-item__meta">
          {t('for', { titulo })}
          {turmaId !== undefined ? (
            <>
              {' · '}
              <Link to="/pedagogico/atividades/$id" params={{ id: String(turmaId) }}>
                {t('openActivity')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <SendProgress item={item} />
      {item.state === 'enviado' ? (
        <p className="outbox-item__receipt" data-testid="outbox-receipt">
          <strong>{t('receipt', { referencia: receipt.referencia ?? '—' })}</strong>
          {receipt.recebido_em ? ` · ${t('receivedAt', { date: formatDateTime(new Date(receipt.recebido_em)) })}` : null}
        </p>
      ) : null}
      <Actions item={item} />
    </li>
  )
}

/**
 * The item's state. Offline nothing travels: an item still marked as being sent (a page that
 * reloaded or closed mid-send holds it until its lease ends, LEASE_MS) waits for the connection
 * like the others, and says so.
 */
function useShownState(item: OutboxItem): OutboxItem['state'] {
  const online = useOnlineStatus()
  return item.state === 'enviando' && !online ? 'aguardando' : item.state
}

function StatePill({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox')
  const state = useShownState(item)
  return <span className={`status-pill outbox-pill--${state}`}>{t(`state.${state}`)}</span>
}

/** How the send is going: progress while it travels, the last failure, the server's refusal. */
function SendProgress({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox')
  const percent = Math.round((item.progress ?? 0) * 100)
  const state = useShownState(item)
  return (
    <>
      {state === 'enviando' ? (
        <div className="outbox-item__progress">
          <progress max={100} value={percent} aria-label={t('progress', { percent })} />
          <span>{t('progress', { percent })}</span>
        </div>
      ) : null}
      {item.state === 'aguardando' && item.lastError ? (
        <p className="outbox-item__meta">
          {t('lastError', { error: item.lastError })}
          {item.nextAttemptAt > Date.now() ? ` · ${t('retryAt', { time: formatDateTime(item.nextAttemptAt) })}` : null}
        </p>
      ) : null}
      {item.state === 'recusado' && item.reason ? (
        <p className="outbox-item__reason" data-testid="outbox-reason">
          {t('reason', { reason: item.reason })}
        </p>
      ) : null}
    </>
  )
}

/**
 * What the student can do with the item: try now, cancel, remove, clear. A refused campaign
 * code is not offered "Tentar agora": the server would refuse the same code again (used,
 * unknown, campaign over); joining the campaign or scanning it again sends it anew.
 */
function Actions({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox')
  const [busy, setBusy] = useState(false)
  const act = (work: () => Promise<unknown>) => () => {
    setBusy(true)
    void work().finally(() => setBusy(false))
  }
  // Waiting: cancel the send; refused: remove it; sent: clear the receipt. Never while sending.
  const removal = ({ aguardando: 'cancel', recusado: 'remove', enviado: 'clear', enviando: null } as const)[item.state]
  return (
    <div className="outbox-item__actions">
      {item.state === 'aguardando' || (item.state === 'recusado' && item.kind !== CAMPAIGN_CODE_KIND) ? (
        <Button variant="secondary" loading={busy} onClick={act(async () => (await loadOutboxApp()).retryOutboxItem(item.id))}>
          {t('retry')}
        </Button>
      ) : null}
      {removal ? (
        <Button
          variant="text"
          disabled={busy}
          onClick={act(async () => (await loadOutboxApp()).removeOutboxItem(item.id))}
          aria-label={t(`${removal}Label`, { name: shownName(item) })}
        >
          {t(`${removal}`)}
        </Button>
      ) : null}
    </div>
  )
}

/** A practice test's result in the list: the test, the score, the practice area it belongs to. */
function PracticeResultRow({ item, actions }: { item: OutboxItem; actions: ReactNode }) {
  const { t } = useTranslation('outbox')
  const { turmaId, nota } = practiceContextOf(item)
  const receipt = practiceReceiptOf(item)
  return (
    <li className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item" data-state={item.state}>
      <div className="outbox-item__head">
        <span className="outbox-item__name">{t('practiceResult', { titulo: item.fileName })}</span>
        <StatePill item={item} />
      </div>
      <p className="outbox-item__meta">
        {t('practiceScore', { nota: formatGrade(nota), date: formatDateTime(item.createdAt) })}
        {' · '}
        <Link to="/pedagogico/minha-pratica/$id" params={{ id: String(turmaId) }}>
          {t('openPractice')}
        </Link>
      </p>
      <SendProgress item={item} />
      {receipt ? (
        <p className="outbox-item__receipt" data-testid="outbox-receipt">
          <strong>{t('practiceSaved', { nota: formatGrade(receipt.melhor_nota) })}</strong>
          {` · ${t('receivedAt', { date: formatDateTime(new Date(receipt.recebido_em)) })}`}
        </p>
      ) : null}
      {actions}
    </li>
  )
}

/** A scanned campaign code in the list: the code, when it was scanned, its entries once validated. */
function CampaignCodeRow({ item, actions }: { item: OutboxItem; actions: ReactNode }) {
  const { t } = useTranslation('outbox')
  const { codigo } = campaignCodeContextOf(item)
  const receipt = campaignCodeReceiptOf(item)
  return (
    <li className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item" data-state={item.state}>
      <div className="outbox-item__head">
        <span className="outbox-item__name">{t('campaignCode', { codigo })}</span>
        <StatePill item={item} />
      </div>
      <p className="outbox-item__meta">
        {t('campaignScanned', { date: formatDateTime(item.createdAt) })}
        {' · '}
        <Link to="/knn-abre-o-mundo">{t('openCampaign')}</Link>
      </p>
      <SendProgress item={item} />
      {receipt ? (
        <p className="outbox-item__receipt" data-testid="outbox-receipt">
          <strong>{t('campaignValidated', { count: receipt.entradas, total: receipt.total_entradas })}</strong>
        </p>
      ) : null}
      {actions}
    </li>
  )
}
