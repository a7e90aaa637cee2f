import '../pedidos.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_STATUSES, type Pedido } from '../../../api/schemas/pedido.ts'
import { formatDateTime, formatMoney } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { Select } from '../../../ui/select.tsx'
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
      <OfflineContent {...data} emptyText={t('empty')} isEmpty={(list) => list.length === 0}>
        {(list) => {
          const shown = status === ALL ? list : list.filter((p) => String(p.status.id) === status)
          return (
            <div className="stack">
              <Select label={t('filter')} value={status} onValueChange={setStatus} options={options} className="pedidos-filter" />
              <ul className="pedido-list">
                {shown.map((pedido) => (
                  <li key={pedido.id}>
                    <PedidoCard pedido={pedido} />
                  </li>
                ))}
              </ul>
            </div>
          )
        }}
      </OfflineContent>
    </div>
  )
}

function PedidoCard({ pedido }: { pedido: Pedido }) {
  const { t } = useTranslation('pedidos')
  const headingId = `pedido-${pedido.id}`
  return (
    <article className="pedido" aria-labelledby={headingId} style={{ borderLeftColor: pedido.status.color }}>
      <div className="pedido__top">
        <h2 id={headingId} className="pedido__product">
          {pedido.produto}
        </h2>
        <span className="pedido__total">{formatMoney(pedido.total)}</span>
      </div>
      <p className="pedido__meta">
        {t('number', { numero: pedido.numero })} · {formatDateTime(new Date(pedido.criado_em))}
      </p>
      <p className="pedido__status">
        <span className="order-status" style={{ ['--status-color' as string]: pedido.status.color }}>
          <span className="order-status__dot" aria-hidden="true" />
          {pedido.status.name}
        </span>
        <span className="pedido__description">{pedido.status.description}</span>
      </p>
    </article>
  )
}
