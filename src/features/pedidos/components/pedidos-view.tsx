import '../pedidos.css'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_STATUSES, type Pedido } from '../../../api/schemas/pedido.ts'
import { formatDateTime, formatMoney } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { Select } from '../../../ui/select.tsx'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { usePedidos } from '../api/get-pedidos.ts'

const ALL = 'todos'

/** /pedidos: orders with product, date, total and their SPEC §4 status. */
export function PedidosView() {
  const { t } = useTranslation('pedidos')
  const data = usePedidos()
  const [status, setStatus] = useState(ALL)
  const present = new Set(data.snapshot?.value.map((p) => p.status.id))
  const options = [
    { value: ALL, label: t('filterAll') },
    ...ORDER_STATUSES.filter((s) => present.has(s.id)).map((s) => ({ value: String(s.id), label: s.name })),
  ]
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent
        {...data}
        emptyText={t('empty')}
        isEmpty={(list) => list.length === 0}
        // The filter (disabled) and order cards with bars for their texts: the screen's own layout.
        skeleton={<PedidosLayout options={options} status={ALL} />}
      >
        {(list) => (
          <PedidosLayout
            options={options}
            status={status}
            onStatusChange={setStatus}
            pedidos={status === ALL ? list : list.filter((p) => String(p.status.id) === status)}
          />
        )}
      </OfflineContent>
    </div>
  )
}

/** Cards the skeleton shows, enough to fill a phone's screen. */
const SKELETON_CARDS = 3

interface PedidosLayoutProps {
  options: { value: string; label: string }[]
  status: string
  /** Without it the filter is disabled: the skeleton's. */
  onStatusChange?: (status: string) => void
  /** Without them, the skeleton's cards. */
  pedidos?: Pedido[]
}

function PedidosLayout({ options, status, onStatusChange, pedidos }: PedidosLayoutProps) {
  const { t } = useTranslation('pedidos')
  return (
    <div className="stack">
      <Select
        label={t('filter')}
        value={status}
        onValueChange={(value) => onStatusChange?.(value)}
        options={options}
        disabled={!onStatusChange}
        className="pedidos-filter"
      />
      <ul className="pedido-list">
        {itemsOrPlaceholders(pedidos, SKELETON_CARDS).map((pedido, i) => (
          <li key={pedido?.id ?? i}>
            <PedidoCard pedido={pedido} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One order; without `pedido`, the same card with bars for its texts (its skeleton). */
function PedidoCard({ pedido }: { pedido?: Pedido }) {
  const { t } = useTranslation('pedidos')
  const slot = (text: (pedido: Pedido) => ReactNode, width: string) => textOrSkeleton(pedido, text, width)
  const headingId = pedido ? `pedido-${pedido.id}` : undefined
  return (
    <article
      className="pedido"
      aria-labelledby={headingId}
      aria-hidden={pedido ? undefined : true}
      style={pedido ? { borderLeftColor: pedido.status.color } : undefined}
    >
      <div className="pedido__top">
        <h2 id={headingId} className="pedido__product">
          {slot((pedido) => pedido.produto, '12rem')}
        </h2>
        <span className="pedido__total">{slot((pedido) => formatMoney(pedido.total), '5rem')}</span>
      </div>
      <p className="pedido__meta">
        {slot((pedido) => `${t('number', { numero: pedido.numero })} · ${formatDateTime(new Date(pedido.criado_em))}`, '11rem')}
      </p>
      <p className="pedido__status">
        <span className="order-status" style={pedido ? { ['--status-color' as string]: pedido.status.color } : undefined}>
          <span className="order-status__dot" aria-hidden="true" />
          {slot((pedido) => pedido.status.name, '8rem')}
        </span>
        <span className="pedido__description">{slot((pedido) => pedido.status.description, '14rem')}</span>
      </p>
    </article>
  )
}
