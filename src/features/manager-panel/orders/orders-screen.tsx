import { useQuery } from '@tanstack/react-query'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { useState, type ReactNode } from 'react'
import {
  FULFILMENT_STATUS_IDS,
  type FulfilmentStatusId,
  type FulfilmentTargetId,
  type PedidoAAtender,
} from '../../../contract/endpoints/manager-orders.ts'
import { ORDER_STATUSES } from '../../../contract/schemas/pedido.ts'
import { Button } from '../../../ui/button.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { formatMoney } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { ordersToFulfilQuery, useAdvanceOrder } from './api.ts'
import { datesLine } from '../components/panel-cards.tsx'
import { countSuffix, ReviewScreen, useConfirmedMove, type ReviewCard } from '../components/review-screen.tsx'

/**
 * /manager-panel/pedidos (issue 12, D11, D31): the paid orders still to deliver,
 * by status, each with "Avançar para <next status>" behind a confirmation. Online only.
 */

const ORDERS_OFFLINE_TEXT = 'Os pedidos a atender precisam de conexão com a internet. Conecte-se para ver e avançar os pedidos.'

const ALL = 'todos'
type Filter = typeof ALL | `${FulfilmentStatusId}`

const statusName = (id: number) => ORDER_STATUSES.find((status) => status.id === id)?.name ?? String(id)

/** An order's card (its skeleton the same card with bars): number, status, student, product, dates. */
const orderCard: ReviewCard<PedidoAAtender> = {
  testId: 'order-row',
  idPrefix: 'pedido-a-atender',
  title: { text: (order: PedidoAAtender) => order.numero, width: '6rem' },
  status: { text: (order: PedidoAAtender) => order.status.name, width: '7rem' },
  lines: [
    {
      text: (order: PedidoAAtender) => [order.aluno.nome ?? `Aluno nº ${order.aluno.id}`, order.aluno.email].filter(Boolean).join(' · '),
      width: '14rem',
    },
    {
      text: (order: PedidoAAtender) =>
        `${order.produto} · Qtd. ${order.itens.reduce((sum, item) => sum + item.quantidade, 0)} · ${formatMoney(order.total)}`,
      width: '16rem',
    },
    datesLine<PedidoAAtender>(['Pedido em', (order) => order.criado_em], ['movido em', (order) => order.movido_em]),
  ],
}

export function OrdersScreen({ nav }: { nav: ReactNode }) {
  const online = useOnlineStatus()
  const [filter, setFilter] = useState<Filter>(ALL)
  const [page, setPage] = useState(0)
  const status = filter === ALL ? undefined : (Number(filter) as FulfilmentStatusId)
  const query = useQuery(ordersToFulfilQuery(status, page))
  const advance = useAdvanceOrder()
  const { pending: toAdvance, notice, setNotice, ask, dialog } = useConfirmedMove<PedidoAAtender>()

  const counts = query.data?.por_status
  const filterOptions = [
    { value: ALL as Filter, label: `Todos${countSuffix(counts, undefined)}` },
    ...FULFILMENT_STATUS_IDS.map((id) => ({ value: `${id}` as Filter, label: `${statusName(id)}${countSuffix(counts, id)}` })),
  ]

  const next = toAdvance?.proximo_status
  return (
    <ReviewScreen
      title="Pedidos a atender"
      nav={nav}
      notice={notice}
      offlineText={ORDERS_OFFLINE_TEXT}
      query={query}
      filter={{ options: filterOptions, value: filter, onChange: setFilter }}
      page={page}
      onPage={setPage}
      listTitle={filter === ALL ? 'Pedidos pagos a entregar' : statusName(Number(filter))}
      card={orderCard}
      emptyText={filter === ALL ? 'Nenhum pedido pago à espera de entrega.' : `Nenhum pedido em "${statusName(Number(filter))}".`}
      pastLastPageText="Nenhum pedido nesta página."
      pagerLabel="Páginas de pedidos"
      pageSize={PANEL_PAGE_SIZE}
      action={(order) =>
        order.proximo_status ? (
          <Button variant="secondary" disabled={!online} onClick={ask(order)}>
            Avançar para {order.proximo_status.name}
            <span className="u-visually-hidden"> (pedido {order.numero})</span>
          </Button>
        ) : null
      }
    >
      <ConfirmDialog
        {...dialog}
        title={`Avançar o pedido ${toAdvance?.numero ?? ''}?`}
        body={
          toAdvance && next
            ? `De "${toAdvance.status.name}" para "${next.name}". ${toAdvance.aluno.nome ?? 'O aluno'} verá a nova situação em Meus pedidos.`
            : ''
        }
        confirmLabel={next ? `Avançar para ${next.name}` : 'Avançar'}
        danger={false}
        onConfirm={async () => {
          if (!toAdvance || !next) return
          const moved = await advance.mutateAsync({
            id: toAdvance.id,
            de: toAdvance.status.id as FulfilmentStatusId,
            para: next.id as FulfilmentTargetId,
          })
          setNotice(`Pedido ${moved.numero} agora está "${moved.status.name}".`)
        }}
      />
    </ReviewScreen>
  )
}
