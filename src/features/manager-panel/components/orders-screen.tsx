import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import {
  FULFILMENT_STATUS_IDS,
  type FulfilmentStatusId,
  type FulfilmentTargetId,
  type PedidoAAtender,
} from '../../../api/contract/manager-orders.ts'
import { ORDER_STATUSES } from '../../../api/schemas/pedido.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { formatDateTime, formatMoney } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { ORDERS_PAGE_SIZE, ordersToFulfilQuery, useAdvanceOrder } from '../api.ts'
import { Pager, PastLastPage } from './pager.tsx'
import { PanelCards } from './panel-cards.tsx'
import { PanelQuery } from './panel-query.tsx'

/**
 * /manager-panel/pedidos (issue 12, D11, D31, P156): the paid orders still to deliver,
 * by status, each with "Avançar para <next status>" behind a confirmation. Online only.
 */

const ORDERS_OFFLINE_TEXT = 'Os pedidos a atender precisam de conexão com a internet. Conecte-se para ver e avançar os pedidos.'

const ALL = 'todos'
type Filter = typeof ALL | `${FulfilmentStatusId}`

const statusName = (id: number) => ORDER_STATUSES.find((status) => status.id === id)?.name ?? String(id)

/** An order's card (its skeleton the same card with bars): number, status, student, product, dates. */
const orderCard = {
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
    {
      text: (order: PedidoAAtender) =>
        `Pedido em ${formatDateTime(new Date(order.criado_em))}` +
        (order.movido_em ? ` · movido em ${formatDateTime(new Date(order.movido_em))}` : ''),
      width: '12rem',
      className: 'mp-table__when',
    },
  ],
}

const ordersSkeleton = <PanelCards<PedidoAAtender> items={undefined} {...orderCard} action={() => null} />

export function OrdersScreen({ nav }: { nav: ReactNode }) {
  const online = useOnlineStatus()
  const [filter, setFilter] = useState<Filter>(ALL)
  const [page, setPage] = useState(0)
  const status = filter === ALL ? undefined : (Number(filter) as FulfilmentStatusId)
  const query = useQuery(ordersToFulfilQuery(status, page))
  const advance = useAdvanceOrder()
  const [toAdvance, setToAdvance] = useState<PedidoAAtender | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  const counts = query.data?.por_status
  const countOf = (id: FulfilmentStatusId | undefined) => {
    if (!counts) return ''
    const total = id === undefined ? counts.reduce((sum, row) => sum + row.total, 0) : (counts.find((row) => row.status === id)?.total ?? 0)
    return ` (${total})`
  }
  const filterOptions = [
    { value: ALL as Filter, label: `Todos${countOf(undefined)}` },
    ...FULFILMENT_STATUS_IDS.map((id) => ({ value: `${id}` as Filter, label: `${statusName(id)}${countOf(id)}` })),
  ]

  const next = toAdvance?.proximo_status
  return (
    <div className="page stack">
      <h1 className="page__title">Pedidos a atender</h1>
      {nav}
      {notice ? (
        <Alert tone="success" role="status">
          {notice}
        </Alert>
      ) : null}
      {!online && query.data ? <Alert tone="warning">{ORDERS_OFFLINE_TEXT}</Alert> : null}
      <ChoiceGroup
        legend="Situação"
        options={filterOptions}
        value={filter}
        onChange={(value) => {
          setFilter(value)
          setPage(0)
        }}
      />
      <Card title={filter === ALL ? 'Pedidos pagos a entregar' : statusName(Number(filter))}>
        <PanelQuery query={query} skeleton={ordersSkeleton} offlineText={ORDERS_OFFLINE_TEXT}>
          {(data) =>
            data.items.length === 0 && page > 0 ? (
              // The last page emptied (its orders moved on): the way back.
              <PastLastPage text="Nenhum pedido nesta página." onFirst={() => setPage(0)} />
            ) : data.items.length === 0 ? (
              <p>{filter === ALL ? 'Nenhum pedido pago à espera de entrega.' : `Nenhum pedido em "${statusName(Number(filter))}".`}</p>
            ) : (
              <>
                <PanelCards
                  items={data.items}
                  {...orderCard}
                  action={(order) =>
                    order.proximo_status ? (
                      <Button
                        variant="secondary"
                        disabled={!online}
                        onClick={(event) => {
                          opener.current = event.currentTarget
                          setNotice(null)
                          setToAdvance(order)
                        }}
                      >
                        Avançar para {order.proximo_status.name}
                        <span className="u-visually-hidden"> (pedido {order.numero})</span>
                      </Button>
                    ) : null
                  }
                />
                <Pager label="Páginas de pedidos" page={page} total={data.total} pageSize={ORDERS_PAGE_SIZE} onPage={setPage} />
              </>
            )
          }
        </PanelQuery>
      </Card>
      <ConfirmDialog
        open={toAdvance !== null}
        title={`Avançar o pedido ${toAdvance?.numero ?? ''}?`}
        body={
          toAdvance && next
            ? `De "${toAdvance.status.name}" para "${next.name}". ${toAdvance.aluno.nome ?? 'O aluno'} verá a nova situação em Meus pedidos.`
            : ''
        }
        confirmLabel={next ? `Avançar para ${next.name}` : 'Avançar'}
        cancelLabel="Voltar"
        danger={false}
        opener={opener}
        onClose={() => setToAdvance(null)}
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
    </div>
  )
}
