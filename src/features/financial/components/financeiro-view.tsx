import '../financial.css'
import { useTranslation } from 'react-i18next'
import type { Parcela } from '../../../api/schemas/financeiro.ts'
import { daysBetween, formatDate, formatMoney, localIsoDate } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useFinanceiro } from '../api/get-financeiro.ts'

/** /financial: instalments (overdue first, then open by due date, then paid, newest first) with amount and status. */
export function FinanceiroView() {
  const { t } = useTranslation('financial')
  const data = useFinanceiro()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...data} emptyText={t('empty')} isEmpty={(value) => value.parcelas.length === 0}>
        {({ parcelas, totais }) => (
          <div className="stack">
            <section className="totals" aria-label={t('totals')}>
              {/* Issue 7: the red box only when something is overdue. */}
              {totais.vencido > 0 ? <Total label={t('status.vencido')} cents={totais.vencido} tone="danger" /> : null}
              <Total label={t('status.aberto')} cents={totais.aberto} tone="neutral" />
              <Total label={t('status.pago')} cents={totais.pago} tone="success" />
            </section>
            <ul className="parcela-list">
              {parcelas.map((parcela) => (
                <li key={parcela.id}>
                  <ParcelaRow parcela={parcela} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </OfflineContent>
    </div>
  )
}

function Total({ label, cents, tone }: { label: string; cents: number; tone: 'danger' | 'neutral' | 'success' }) {
  return (
    <div className={`totals__item totals__item--${tone}`}>
      <span className="totals__label">{label}</span>
      <span className="totals__value">{formatMoney(cents)}</span>
    </div>
  )
}

export function ParcelaRow({ parcela, today = localIsoDate() }: { parcela: Parcela; today?: string }) {
  const { t } = useTranslation('financial')
  const overdueDays = parcela.status === 'vencido' ? daysBetween(parcela.vencimento, today) : 0
  return (
    <article
      className={`parcela parcela--${parcela.status}`}
      aria-label={`${parcela.descricao} ${parcela.numero}/${parcela.total_parcelas}`}
    >
      <div className="parcela__what">
        <span className="parcela__name">
          {parcela.descricao} · {t('instalment', { n: parcela.numero, total: parcela.total_parcelas })}
        </span>
        <span className="parcela__due">
          {parcela.status === 'pago' && parcela.pago_em
            ? t('paidOn', { date: formatDate(parcela.pago_em) })
            : t('dueOn', { date: formatDate(parcela.vencimento) })}
          {overdueDays > 0 ? ` · ${t('overdueFor', { count: overdueDays })}` : ''}
        </span>
      </div>
      <div className="parcela__right">
        <span className="parcela__amount">
          {formatMoney(parcela.status === 'pago' && parcela.valor_pago !== null ? parcela.valor_pago : parcela.valor)}
        </span>
        <span className={`status-pill status-pill--${parcela.status}`}>{t(`status.${parcela.status}`)}</span>
      </div>
    </article>
  )
}
