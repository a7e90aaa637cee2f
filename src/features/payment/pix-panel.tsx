import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/client.ts'
import type { CobrancaPix } from '../../contract/schemas/pagamento.ts'
import { Alert } from '../../ui/alert.tsx'
import { Button } from '../../ui/button.tsx'
import { formatMoney, twoDigits } from '../../ui/format.ts'
import { useShare } from '../../ui/share.ts'
import { PIX_POLL_MS, pixCharge, type PanelProps } from './api.ts'

/** What the confirmation says the payment did, per kind of target. */
const PAID_BODY = {
  parcela: 'pix.paidBody',
  pedido: 'pix.paidBodyPedido',
  cambio: 'pix.paidBodyCambio',
  knnUsa: 'pix.paidBodyKnnUsa',
} as const

/**
 * Pix (D13): the charge is asked for on a tap, not on opening the screen (a charge the
 * student did not want is noise on the school's side). While it waits, the same call is
 * repeated: it answers the same pending charge until the provider confirms it.
 */
export function PixPanel({ target, online, onPaid, onRefused }: PanelProps) {
  const { t } = useTranslation('payment')
  const [asked, setAsked] = useState(false)
  const charge = useQuery({
    queryKey: ['payment', 'pix', target.tipo, target.id],
    queryFn: () => pixCharge(target),
    enabled: asked,
    networkMode: 'online',
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pendente' ? PIX_POLL_MS : false),
  })
  const paid = charge.data?.status === 'pago'
  useEffect(() => {
    if (paid) onPaid()
  }, [paid, onPaid])
  const refused = charge.error instanceof ApiError && charge.error.status === 409 ? charge.error.message : null
  useEffect(() => {
    if (refused) onRefused?.(refused)
  }, [refused, onRefused])

  if (!asked || (charge.isError && !charge.data)) {
    return (
      <div className="stack">
        <p>{t('pix.intro')}</p>
        {charge.isError ? <Alert tone="error">{charge.error.message}</Alert> : null}
        <Button onClick={() => (asked ? void charge.refetch() : setAsked(true))} disabled={!online} loading={charge.isFetching}>
          {t('pix.generate')}
        </Button>
      </div>
    )
  }
  if (!charge.data) {
    return (
      <Button loading disabled>
        {t('pix.generate')}
      </Button>
    )
  }
  if (paid) {
    return (
      <Alert tone="success" title={t('pix.paid')} role="status">
        {t(PAID_BODY[target.tipo], { amount: formatMoney(charge.data.valor) })}
      </Alert>
    )
  }
  return <PendingCharge charge={charge.data} online={online} renew={() => void charge.refetch()} renewing={charge.isFetching} />
}

function PendingCharge({
  charge,
  online,
  renew,
  renewing,
}: {
  charge: CobrancaPix
  online: boolean
  renew: () => void
  renewing: boolean
}) {
  const { t } = useTranslation('payment')
  const remainingMs = useRemainingMs(charge.expira_em)
  // The code goes alone (no title): what the bank's app pastes must be the code and nothing else.
  const shareData = { text: charge.copia_e_cola }
  const { share, outcome, sheet } = useShare(shareData)
  const expired = charge.status === 'expirado' || remainingMs <= 0

  if (expired) {
    return (
      <div className="stack">
        <Alert tone="warning">{t('pix.expired')}</Alert>
        <Button onClick={renew} disabled={!online} loading={renewing}>
          {t('pix.newCode')}
        </Button>
      </div>
    )
  }
  return (
    <div className="pix stack">
      <img
        className="pix__qr"
        width={232}
        height={232}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(charge.qr_code_svg)}`}
        alt={t('pix.qrAlt', { amount: formatMoney(charge.valor) })}
      />
      <label className="pix__code">
        <span>{t('pix.code')}</span>
        <textarea readOnly rows={4} value={charge.copia_e_cola} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <Button variant="secondary" onClick={() => void share(shareData, charge.copia_e_cola)}>
        {sheet ? t('pix.share') : t('pix.copy')}
      </Button>
      <p role="status" className="pix__copied" data-testid="pix-share-status">
        {outcome === 'copied' ? t('pix.copied') : outcome === 'shared' ? t('pix.shared') : outcome === 'failed' ? t('pix.copyFailed') : ''}
      </p>
      <p className="pix__expiry">{t('pix.expiresIn', { time: formatRemaining(remainingMs) })}</p>
      <p className="pix__waiting" aria-live="polite">
        {t('pix.waiting')}
      </p>
    </div>
  )
}

/** Milliseconds until `isoInstant`, ticking every second. */
function useRemainingMs(isoInstant: string): number {
  const until = Date.parse(isoInstant)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return until - now
}

/** 29:05 for 29 minutes and 5 seconds. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${twoDigits(seconds % 60)}`
}
