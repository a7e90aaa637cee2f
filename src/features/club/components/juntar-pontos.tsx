import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import * as v from 'valibot'
import { CupomBody, type CupomAtual, type CupomParceria } from '../../../contract/schemas/club.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useShare } from '../../../ui/share.ts'
import { textOrSkeleton } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { useApplyPartnerCoupon, useClubExtrato, usePartnerCoupon } from '../api.ts'
import { formatLocalDay } from '../months.ts'
import { EarnWays } from './earn-ways.tsx'
import { QrImage } from './qr-image.tsx'

const QR_SIZE = 184

/**
 * /knn-club/juntar-pontos (issue 13, D23, D25, D26): every way to earn, the student's
 * referral link (copy, share where the device can, a QR code) and the partnership coupon box.
 */
export function JuntarPontos() {
  const { t } = useTranslation('club')
  return (
    <div className="stack">
      <section className="club-rules" aria-labelledby="club-earn-ways">
        <h2 id="club-earn-ways">{t('about.earnTitle')}</h2>
        <p>{t('earn.intro')}</p>
        <EarnWays />
      </section>
      <ReferralSection />
      <CouponSection />
    </div>
  )
}

/** The referral code comes with the statement, so the link reads offline once it was fetched. */
function ReferralSection() {
  const { t } = useTranslation('club')
  const data = useClubExtrato()
  return (
    <section className="club-box stack" aria-labelledby="club-referral">
      <h2 id="club-referral">{t('earn.referralTitle')}</h2>
      <p>{t('earn.referralIntro')}</p>
      <OfflineContent {...data} emptyText="" skeleton={<ReferralLink />}>
        {(extrato) => <ReferralLink code={extrato.codigo_indicacao} />}
      </OfflineContent>
    </section>
  )
}

function ReferralLink({ code }: { code?: string }) {
  const { t } = useTranslation('club')
  const link = code === undefined ? undefined : `${window.location.origin}/indicacao/${encodeURIComponent(code)}`
  const shareData = (url: string) => ({ title: t('earn.shareTitle'), text: t('earn.shareText'), url })
  // The device's share sheet where there is one, else the clipboard (src/ui/share.ts).
  const { share, outcome, sheet } = useShare(link ? shareData(link) : undefined)

  return (
    <div className="club-referral" aria-hidden={link ? undefined : true}>
      <div className="club-referral__text stack">
        <p className="club-referral__link">
          <span className="club-balance__label">{t('earn.referralLink')}</span>
          <span data-testid="club-referral-link">{textOrSkeleton(link, (url) => url, '16rem')}</span>
        </p>
        <div className="club-referral__actions">
          <Button variant="secondary" disabled={!link} onClick={() => link && void share(shareData(link), link)}>
            {sheet ? t('earn.share') : t('earn.copy')}
          </Button>
        </div>
        <p role="status" className="club-referral__copied" data-testid="club-share-status">
          {outcome === 'copied'
            ? t('earn.copied')
            : outcome === 'shared'
              ? t('earn.shared')
              : outcome === 'failed'
                ? t('earn.copyFailed')
                : ''}
        </p>
      </div>
      <QrImage value={link} alt={t('earn.qrAlt')} size={QR_SIZE} />
    </div>
  )
}

/** The partnership coupon (D26): the current one (GET, online), and "Aplicar" (PUT, online only). */
function CouponSection() {
  const { t } = useTranslation('club')
  const query = usePartnerCoupon()
  const apply = useApplyPartnerCoupon()
  const online = useOnlineStatus()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [applied, setApplied] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    // The contract's own check (letters, digits, hyphens) before asking; the server's `detail` after.
    const parsed = v.safeParse(CupomBody, { cupom: code.trim() })
    setApplied(null)
    if (!parsed.success) {
      setError(parsed.issues[0].message)
      return
    }
    setError(undefined)
    setBusy(true)
    apply(parsed.output.cupom)
      .then((cupom) => {
        setApplied(cupom.codigo)
        setCode('')
      })
      // The typed code stays in the field, so it can be corrected.
      .catch((caught: unknown) => setError((caught as Error).message))
      .finally(() => setBusy(false))
  }

  return (
    <section className="club-box stack" aria-labelledby="club-coupon">
      <h2 id="club-coupon">{t('earn.couponTitle')}</h2>
      <p>{t('earn.couponIntro')}</p>
      <OfflineContent
        snapshot={query.data ? { value: query.data, updatedAt: query.dataUpdatedAt } : null}
        isSyncing={query.fetchStatus === 'fetching'}
        syncError={query.error}
        isPaused={query.fetchStatus === 'paused'}
        refresh={() => void query.refetch()}
        emptyText={t('earn.couponNone')}
        isEmpty={(value: CupomAtual) => value.cupom === null}
        skeleton={<CurrentCoupon />}
      >
        {({ cupom }) => (cupom ? <CurrentCoupon cupom={cupom} /> : null)}
      </OfflineContent>
      {applied ? <Alert tone="success">{t('earn.applied', { code: applied })}</Alert> : null}
      {online ? null : <Alert tone="warning">{t('earn.couponOffline')}</Alert>}
      <form className="club-coupon__form" noValidate onSubmit={submit}>
        <TextField
          label={t('earn.couponField')}
          value={code}
          onChange={(value) => setCode(value)}
          error={error}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={!online}
        />
        <Button type="submit" loading={busy} disabled={!online}>
          {t('earn.apply')}
        </Button>
      </form>
    </section>
  )
}

function CurrentCoupon({ cupom }: { cupom?: CupomParceria }) {
  const { t } = useTranslation('club')
  return (
    <div className="club-coupon" aria-hidden={cupom ? undefined : true} data-testid={cupom ? 'club-coupon' : undefined}>
      <span className="club-row__name">
        {textOrSkeleton(cupom, (c) => t('earn.couponCurrent', { code: c.codigo, company: c.empresa }), '12rem')}
      </span>
      <span>
        {textOrSkeleton(
          cupom,
          (c) =>
            c.usado_no_pedido !== null
              ? t('earn.couponUsed', { percent: c.percentual ?? 0, order: c.usado_no_pedido })
              : c.beneficio === 'desconto'
                ? t('earn.couponDiscount', { percent: c.percentual ?? 0 })
                : t('earn.couponPoints', { points: t('points', { count: c.pontos ?? 0 }) }),
          '14rem',
        )}
      </span>
      <span className="club-row__meta">
        {textOrSkeleton(
          cupom,
          (c) =>
            c.beneficio === 'desconto' && c.usado_no_pedido === null
              ? t('earn.couponValidUntil', { date: formatLocalDay(c.expira_em) })
              : t('earn.couponAppliedOn', { date: formatLocalDay(c.vinculado_em) }),
          '8rem',
        )}
      </span>
    </div>
  )
}
