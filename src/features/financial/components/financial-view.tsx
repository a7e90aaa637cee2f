import '../financial.css'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Financeiro, Parcela } from '../../../contract/schemas/financeiro.ts'
import { daysBetween, formatDate, formatMoney, localIsoDate } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { cx } from '../../../ui/class-names.ts'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useFinancial } from '../api/get-financial.ts'

/** /financial: instalments (overdue first, then open by due date, then paid, newest first) with amount and status. */
export function FinancialView() {
  const { t } = useTranslation('financial')
  const data = useFinancial()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...data} emptyText={t('empty')} isEmpty={(value) => value.parcelas.length === 0} skeleton={<FinancialLayout />}>
        {(financeiro) => <FinancialLayout financeiro={financeiro} />}
      </OfflineContent>
    </div>
  )
}

/** Rows the skeleton shows: the screen's first rows, below the fold on a phone past these. */
const SKELETON_ROWS = 4

/**
 * The totals and the instalments; without `financeiro`, the same layout with bars for the
 * texts (the loading skeleton): what replaces it has its size (issue 7).
 */
function FinancialLayout({ financeiro }: { financeiro?: Financeiro }) {
  const { t } = useTranslation('financial')
  const totais = financeiro?.totais
  return (
    <div className="stack">
      <section className="totals" aria-label={t('totals')}>
        {/* Issue 7: the red box only when something is overdue (the skeleton: when nothing is). */}
        {totais && totais.vencido > 0 ? <Total label={t('status.vencido')} cents={totais.vencido} tone="danger" /> : null}
        <Total label={t('status.aberto')} cents={totais?.aberto} tone="neutral" />
        <Total label={t('status.pago')} cents={totais?.pago} tone="success" />
      </section>
      <ul className="parcela-list">
        {itemsOrPlaceholders(financeiro?.parcelas, SKELETON_ROWS).map((parcela, i) => (
          <li key={parcela?.id ?? i}>
            <InstalmentRow parcela={parcela} payable />
          </li>
        ))}
      </ul>
    </div>
  )
}

function Total({ label, cents, tone }: { label: string; cents: number | undefined; tone: 'danger' | 'neutral' | 'success' }) {
  return (
    <div className={`totals__item totals__item--${tone}`}>
      <span className="totals__label">{label}</span>
      <span className="totals__value">{textOrSkeleton(cents, formatMoney, '6rem')}</span>
    </div>
  )
}

/** One instalment; without `parcela`, the same row with bars for its texts (its skeleton). */
export function InstalmentRow({
  parcela,
  today = localIsoDate(),
  payable = false,
}: {
  parcela?: Parcela
  today?: string
  payable?: boolean
}) {
  const { t } = useTranslation('financial')
  const overdueDays = parcela?.status === 'vencido' ? daysBetween(parcela.vencimento, today) : 0
  const slot = (text: (parcela: Parcela) => ReactNode, width: string) => textOrSkeleton(parcela, text, width)
  return (
    <article
      className={cx('parcela', parcela && `parcela--${parcela.status}`)}
      aria-label={parcela ? `${parcela.descricao} ${parcela.numero}/${parcela.total_parcelas}` : undefined}
      aria-hidden={parcela ? undefined : true}
    >
      <div className="parcela__what">
        <span className="parcela__name">
          {slot((p) => `${p.descricao} · ${t('instalment', { n: p.numero, total: p.total_parcelas })}`, '12rem')}
        </span>
        <span className="parcela__due">
          {slot(
            (p) =>
              (p.status === 'pago' && p.pago_em
                ? t('paidOn', { date: formatDate(p.pago_em) })
                : t('dueOn', { date: formatDate(p.vencimento) })) +
              (overdueDays > 0 ? ` · ${t('overdueFor', { count: overdueDays })}` : ''),
            '8rem',
          )}
        </span>
      </div>
      <div className="parcela__right">
        <span className="parcela__amount">
          {slot((p) => formatMoney(p.status === 'pago' && p.valor_pago !== null ? p.valor_pago : p.valor), '5rem')}
        </span>
        {/* Issue 12: "Pagar" on the status's own line, so a payable row is as tall as its skeleton. */}
        <span className="parcela__status-line">
          <span className={cx('status-pill', parcela && `status-pill--${parcela.status}`)}>
            {slot((p) => t(`status.${p.status}`), '3.5rem')}
          </span>
          {payable && parcela && parcela.status !== 'pago' ? (
            <Link
              className="parcela__pay"
              to="/financial/pagar/$id"
              params={{ id: String(parcela.id) }}
              aria-label={t('payInstalment', { n: parcela.numero, total: parcela.total_parcelas })}
            >
              {t('pay')}
            </Link>
          ) : null}
        </span>
      </div>
    </article>
  )
}
