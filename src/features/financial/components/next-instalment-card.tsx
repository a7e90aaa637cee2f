import '../financial.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Card } from '../../../ui/card.tsx'
import { formatDate, formatMoney } from '../../../ui/format.ts'
import { useFinanceiro } from '../api/get-financeiro.ts'

/** Dashboard: what to pay next — an overdue instalment first, else the next open one. */
export function NextInstalmentCard() {
  const { t } = useTranslation('financial')
  const { snapshot } = useFinanceiro()
  const parcelas = snapshot?.value.parcelas ?? []
  const overdue = parcelas.filter((p) => p.status === 'vencido')
  const next = overdue[0] ?? parcelas.find((p) => p.status === 'aberto')
  return (
    <Card title={t('cards.next')} isLoading={snapshot === undefined} actions={<Link to="/financial">{t('cards.seeAll')}</Link>}>
      {next ? (
        <p className="summary-text">
          <span className={`summary-figure${next.status === 'vencido' ? ' is-below' : ''}`}>{formatMoney(next.valor)}</span>
          <span>
            {t('dueOn', { date: formatDate(next.vencimento) })} · <span className={`status-pill status-pill--${next.status}`}>{t(`status.${next.status}`)}</span>
          </span>
          {overdue.length > 1 ? <span className="summary-note">{t('cards.moreOverdue', { count: overdue.length - 1 })}</span> : null}
        </p>
      ) : (
        <p className="summary-text">{t('cards.allPaid')}</p>
      )}
    </Card>
  )
}
