import '../pedidos.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Card } from '../../../ui/card.tsx'
import { usePedidos } from '../api/get-pedidos.ts'

/** Final statuses (D11): nothing more will happen to these orders. */
const FINAL_STATUSES = new Set([-2, 8])

/** Dashboard: orders still in progress. */
export function OpenOrdersCard() {
  const { t } = useTranslation('pedidos')
  const { snapshot } = usePedidos()
  const open = (snapshot?.value ?? []).filter((p) => !FINAL_STATUSES.has(p.status.id))
  return (
    <Card title={t('cards.open')} isLoading={snapshot === undefined} actions={<Link to="/pedidos">{t('cards.seeAll')}</Link>}>
      {open.length > 0 ? (
        <div className="summary-text">
          <span className="summary-figure">{open.length}</span>
          <ul className="summary-list">
            {open.slice(0, 3).map((pedido) => (
              <li key={pedido.id}>
                {pedido.produto} ·{' '}
                <span className="order-status" style={{ ['--status-color' as string]: pedido.status.color }}>
                  <span className="order-status__dot" aria-hidden="true" />
                  {pedido.status.name}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="summary-text">{t('cards.none')}</p>
      )}
    </Card>
  )
}
