import { useTranslation } from 'react-i18next'
import type { PedidoRecompensa } from '../../../contract/schemas/club.ts'
import { cx } from '../../../ui/class-names.ts'
import { formatLocalDay } from '../months.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useClubPedidos } from '../api.ts'

const SKELETON_ROWS = 3

/** Each order status in the portal's pill colours: done green, cancelled red, on its way blue. */
const PILL: Record<PedidoRecompensa['status'], string> = {
  solicitado: 'status-pill--aberto',
  separado: 'status-pill--aberto',
  entregue: 'status-pill--pago',
  cancelado: 'status-pill--vencido',
}

/** /knn-club/meus-pedidos: the reward orders (D24), newest first, with their status; readable offline. */
export function MeusPedidos() {
  const { t } = useTranslation('club')
  const data = useClubPedidos()
  return (
    <OfflineContent {...data} emptyText={t('orders.empty')} isEmpty={(list) => list.length === 0} skeleton={<OrderList />}>
      {(pedidos) => <OrderList pedidos={pedidos} />}
    </OfflineContent>
  )
}

function OrderList({ pedidos }: { pedidos?: PedidoRecompensa[] }) {
  const { t } = useTranslation('club')
  return (
    <ul className="club-list">
      {itemsOrPlaceholders(pedidos, SKELETON_ROWS).map((pedido, i) => (
        <li key={pedido?.id ?? i}>
          <article
            className="club-row"
            aria-label={pedido?.recompensa.nome}
            aria-hidden={pedido ? undefined : true}
            data-testid={pedido ? 'club-order' : undefined}
          >
            <div className="club-row__what">
              <span className="club-row__name">{textOrSkeleton(pedido, (p) => p.recompensa.nome, '10rem')}</span>
              <span className="club-row__meta">
                {textOrSkeleton(pedido, (p) => t('orders.requestedOn', { date: formatLocalDay(p.criado_em) }), '8rem')}
              </span>
            </div>
            <div className="club-row__right">
              <span className="club-row__points">{textOrSkeleton(pedido, (p) => t('points', { count: p.pontos }), '5rem')}</span>
              <span className={cx('status-pill', pedido && PILL[pedido.status])}>
                {textOrSkeleton(pedido, (p) => t(`orders.status.${p.status}`), '4rem')}
              </span>
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
