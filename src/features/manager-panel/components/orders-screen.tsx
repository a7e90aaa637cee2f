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
import { itemsOrPlaceholders, LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { ORDERS_PAGE_SIZE, ordersToFulfilQuery, useAdvanceOrder } from '../api.ts'
import { PanelQuery } from './panel-query.tsx'

/**
 * /manager-panel/pedidos (issue 12, D11, D31, P156): the paid orders still to deliver,
 * by status, each with "Avançar para <next status>" behind a confirmation. Online only.
 */

export const ORDERS_OFFLINE_TEXT = 'Os pedidos a atender precisam de conexão com a internet. Conecte-se para ver e avançar os pedidos.'

const ALL = 'todos'
type Filter = typeof ALL | `${FulfilmentStatusId}`

const statusName = (id: number) => ORDER_STATUSES.find((status) => status.id === id)?.name ?? String(id)

/** The column headers; the skeleton draws the same table. */
const COLUMNS = ['Pedido', 'Aluno', 'Produto', 'Situação', 'Ação'] as const

function OrdersTable({ orders, action }: { orders: (PedidoAAtender | undefined)[]; action: (order: PedidoAAtender) => ReactNode }) {
  return (
    <div className="mp-table-wrap">
      <table className="mp-table">
        <caption className="u-visually-hidden">Pedidos a atender, do mais antigo</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order, index) =>
            order ? (
              <tr key={order.id} data-testid="order-row">
                <th scope="row">
                  {order.numero}
                  <span className="mp-table__when">Pedido em {formatDateTime(new Date(order.criado_em))}</span>
                </th>
                <td>
                  {order.aluno.nome ?? `Aluno nº ${order.aluno.id}`}
                  {order.aluno.email ? <span className="mp-table__when">{order.aluno.email}</span> : null}
                </td>
                <td>
                  {order.produto}
                  <span className="mp-table__when">
                    Qtd. {order.itens.reduce((sum, item) => sum + item.quantidade, 0)} · {formatMoney(order.total)}
                  </span>
                </td>
                <td>
                  <span className="mp-status">{order.status.name}</span>
                  {order.movido_em ? <span className="mp-table__when">desde {formatDateTime(new Date(order.movido_em))}</span> : null}
                </td>
                <td>{action(order)}</td>
              </tr>
            ) : (
              <tr key={index} aria-hidden="true">
                <th scope="row">
                  <SkeletonText width="80%" />
                </th>
                {COLUMNS.slice(1).map((column) => (
                  <td key={column}>
                    <SkeletonText width="70%" />
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}

const ordersSkeleton = (
  <>
    <LoadingStatus />
    <OrdersTable orders={itemsOrPlaceholders(undefined, 3)} action={() => null} />
  </>
)

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
            data.items.length === 0 ? (
              <p>{filter === ALL ? 'Nenhum pedido pago à espera de entrega.' : `Nenhum pedido em "${statusName(Number(filter))}".`}</p>
            ) : (
              <>
                <OrdersTable
                  orders={data.items}
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
                {data.total > ORDERS_PAGE_SIZE ? (
                  <nav aria-label="Páginas de pedidos" className="mp-nav">
                    <Button variant="text" disabled={page === 0} onClick={() => setPage(page - 1)}>
                      Anteriores
                    </Button>
                    <span>
                      Página {page + 1} de {Math.ceil(data.total / ORDERS_PAGE_SIZE)}
                    </span>
                    <Button variant="text" disabled={(page + 1) * ORDERS_PAGE_SIZE >= data.total} onClick={() => setPage(page + 1)}>
                      Próximos
                    </Button>
                  </nav>
                ) : null}
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
