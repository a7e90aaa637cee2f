import '../financial.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Financeiro } from '../../../contract/schemas/financeiro.ts'
import { formatDate, formatMoney } from '../../../ui/format.ts'
import { OfflineCard } from '../../../ui/offline-content.tsx'
import { Summary } from '../../../ui/summary.tsx'
import { useFinancial } from '../api/get-financial.ts'

const toPay = ({ parcelas }: Financeiro) => parcelas.filter((p) => p.status !== 'pago')

/** Dashboard: what to pay next — an overdue instalment first, else the next open one. */
export function NextInstalmentCard() {
  const { t } = useTranslation('financial')
  const data = useFinancial()
  return (
    <OfflineCard
      title={t('cards.next')}
      actions={<Link to="/financial">{t('cards.seeAll')}</Link>}
      data={data}
      isEmpty={(financeiro) => toPay(financeiro).length === 0}
      emptyText={t('cards.allPaid')}
    >
      {(financeiro) => {
        // Sorted overdue first, then open by due date (sortInstalments).
        const pending = toPay(financeiro)
        const next = pending[0]!
        const overdue = pending.filter((p) => p.status === 'vencido').length
        return (
          <Summary
            figure={formatMoney(next.valor)}
            isBelow={next.status === 'vencido'}
            lines={[
              <>
                {t('dueOn', { date: formatDate(next.vencimento) })} ·{' '}
                <span className={`status-pill status-pill--${next.status}`}>{t(`status.${next.status}`)}</span>
              </>,
              overdue > 1 ? <span className="summary-note">{t('cards.moreOverdue', { count: overdue - 1 })}</span> : null,
            ]}
          />
        )
      }}
    </OfflineCard>
  )
}
