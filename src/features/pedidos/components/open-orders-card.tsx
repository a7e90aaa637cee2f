import '../pedidos.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Pedido } from '../../../contract/schemas/pedido.ts'
import { OfflineCard } from '../../../ui/offline-content.tsx'
import { Summary } from '../../../ui/summary.tsx'
import { usePedidos } from '../api/get-pedidos.ts'

/** Final statuses (D11): nothing more will happen to these orders. */
const FINAL_STATUSES = new Set([-2, 8])
const openOf = (pedidos: Pedido[]) => pedidos.filter((p) => !FINAL_STATUSES.has(p.status.id))

/** Dashboard: orders still in progress. */
export function OpenOrdersCard() {
  const { t } = useTranslation('pedidos')
  const data = usePedidos()
  return (
    <OfflineCard
      title={t('cards.open')}
      actions={<Link to="/pedidos">{t('cards.seeAll')}</Link>}
      data={data}
      isEmpty={(pedidos) => openOf(pedidos).length === 0}
      emptyText={t('cards.none')}
    >
      {(pedidos) => {
        const open = openOf(pedidos)
        // The count, and the first two orders (the status first: an ellipsis cuts the product).
        return <Summary figure={open.length} lines={[<OrderLine pedido={open[0]!} />, open[1] ? <OrderLine pedido={open[1]} /> : null]} />
      }}
    </OfflineCard>
  )
}

function OrderLine({ pedido }: { pedido: Pedido }) {
  return (
    <>
      <span className="order-status" style={{ ['--status-color' as string]: pedido.status.color }}>
        <span className="order-status__dot" aria-hidden="true" />
        {pedido.status.name}
      </span>{' '}
      · {pedido.produto}
    </>
  )
}
