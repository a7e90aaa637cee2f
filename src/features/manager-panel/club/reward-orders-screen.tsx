import { useQuery } from '@tanstack/react-query'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { useState, type ReactNode } from 'react'
import { STATUS_PEDIDO_RECOMPENSA, type PedidoRecompensaGestao, type PedidoRecompensaStatus } from '../../../contract/schemas/club.ts'
import { Button } from '../../../ui/button.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { rewardOrdersQuery, useMoveRewardOrder } from './api.ts'
import { datesLine } from '../components/panel-cards.tsx'
import { countSuffix, ReviewScreen, useConfirmedMove, type ReviewCard } from '../components/review-screen.tsx'

/**
 * /manager-panel/resgates (issue 13, D24, D31): the students' reward orders, oldest
 * first, by status: solicitado → separado → entregue, or cancelled with the points given
 * back once. Each move behind a confirmation; a stale move (409) is answered in the dialog
 * and the list is read again after every answer (as on the orders screen). Online only.
 */

export const REWARD_ORDERS_OFFLINE_TEXT =
  'Os resgates do KNN Club precisam de conexão com a internet. Conecte-se para ver e atualizar os resgates.'

export const REWARD_ORDER_STATUS_NAMES: Record<PedidoRecompensaStatus, string> = {
  solicitado: 'Solicitado',
  separado: 'Separado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
}

type Open = 'solicitado' | 'separado'
type Target = 'separado' | 'entregue' | 'cancelado'
const NEXT: Record<Open, 'separado' | 'entregue'> = { solicitado: 'separado', separado: 'entregue' }
const isOpen = (status: PedidoRecompensaStatus): status is Open => status === 'solicitado' || status === 'separado'

const ALL = 'todos'
type Filter = typeof ALL | PedidoRecompensaStatus

const studentName = (order: PedidoRecompensaGestao) => order.aluno.nome ?? order.aluno.email ?? `Aluno nº ${order.aluno.id}`
const points = (count: number) => (count === 1 ? '1 ponto' : `${count} pontos`)

/** A reward order's card: reward and number, status, student, points and dates. */
const orderCard: ReviewCard<PedidoRecompensaGestao> = {
  testId: 'reward-order-row',
  idPrefix: 'resgate',
  title: { text: (order: PedidoRecompensaGestao) => `${order.recompensa.nome} · resgate nº ${order.id}`, width: '12rem' },
  status: { text: (order: PedidoRecompensaGestao) => REWARD_ORDER_STATUS_NAMES[order.status], width: '6rem' },
  lines: [
    { text: (order: PedidoRecompensaGestao) => [studentName(order), order.aluno.email].filter(Boolean).join(' · '), width: '14rem' },
    { text: (order: PedidoRecompensaGestao) => points(order.pontos), width: '6rem' },
    datesLine<PedidoRecompensaGestao>(
      ['Pedido em', (order) => order.criado_em],
      ['movido em', (order) => (order.atualizado_em !== order.criado_em ? order.atualizado_em : null)],
    ),
  ],
}

function dialogTexts(order: PedidoRecompensaGestao, to: Target) {
  if (to === 'cancelado')
    return {
      title: `Cancelar o resgate nº ${order.id} (${order.recompensa.nome})?`,
      body: `Os ${points(order.pontos)} voltam para o saldo de ${studentName(order)} e a unidade volta ao estoque. Um resgate cancelado não muda mais.`,
      confirm: 'Cancelar resgate',
    }
  return {
    title: `Marcar o resgate nº ${order.id} (${order.recompensa.nome}) como ${REWARD_ORDER_STATUS_NAMES[to].toLowerCase()}?`,
    body: `De "${REWARD_ORDER_STATUS_NAMES[order.status]}" para "${REWARD_ORDER_STATUS_NAMES[to]}". ${studentName(order)} verá a nova situação em Meus pedidos do KNN Club.`,
    confirm: `Marcar como ${REWARD_ORDER_STATUS_NAMES[to].toLowerCase()}`,
  }
}

export function RewardOrdersScreen({ nav }: { nav: ReactNode }) {
  const online = useOnlineStatus()
  const [filter, setFilter] = useState<Filter>(ALL)
  const [page, setPage] = useState(0)
  const query = useQuery(rewardOrdersQuery(filter === ALL ? undefined : filter, page))
  const move = useMoveRewardOrder()
  const { pending, notice, setNotice, ask: askMove, dialog } = useConfirmedMove<{ order: PedidoRecompensaGestao; to: Target }>()

  const counts = query.data?.por_status
  const filterOptions = [
    { value: ALL as Filter, label: `Todos${countSuffix(counts, undefined)}` },
    ...STATUS_PEDIDO_RECOMPENSA.map((status) => ({
      value: status as Filter,
      label: `${REWARD_ORDER_STATUS_NAMES[status]}${countSuffix(counts, status)}`,
    })),
  ]
  const ask = (order: PedidoRecompensaGestao, to: Target) => askMove({ order, to })
  const texts = pending ? dialogTexts(pending.order, pending.to) : null

  return (
    <ReviewScreen
      title="Resgates do KNN Club"
      nav={nav}
      notice={notice}
      offlineText={REWARD_ORDERS_OFFLINE_TEXT}
      query={query}
      filter={{ options: filterOptions, value: filter, onChange: setFilter }}
      page={page}
      onPage={setPage}
      listTitle={filter === ALL ? 'Recompensas resgatadas pelos alunos' : `Resgates: ${REWARD_ORDER_STATUS_NAMES[filter]}`}
      card={orderCard}
      emptyText={filter === ALL ? 'Nenhum resgate feito ainda.' : `Nenhum resgate em "${REWARD_ORDER_STATUS_NAMES[filter]}".`}
      pastLastPageText="Nenhum resgate nesta página."
      pagerLabel="Páginas de resgates"
      pageSize={PANEL_PAGE_SIZE}
      action={(order) =>
        isOpen(order.status) ? (
          <div className="mp-actions">
            <Button variant="primary" disabled={!online} onClick={ask(order, NEXT[order.status])}>
              Marcar como {REWARD_ORDER_STATUS_NAMES[NEXT[order.status]].toLowerCase()}
              <span className="u-visually-hidden"> (resgate nº {order.id})</span>
            </Button>
            <Button variant="secondary" disabled={!online} onClick={ask(order, 'cancelado')}>
              Cancelar resgate
              <span className="u-visually-hidden"> nº {order.id}</span>
            </Button>
          </div>
        ) : null
      }
    >
      <ConfirmDialog
        {...dialog}
        title={texts?.title ?? ''}
        body={texts?.body ?? ''}
        confirmLabel={texts?.confirm ?? ''}
        danger={pending?.to === 'cancelado'}
        onConfirm={async () => {
          if (!pending || !isOpen(pending.order.status)) return
          const moved = await move.mutateAsync({ id: pending.order.id, de: pending.order.status, para: pending.to })
          setNotice(
            moved.status === 'cancelado'
              ? `Resgate nº ${moved.id} cancelado: ${points(moved.pontos)} devolvidos a ${studentName(moved)}.`
              : `Resgate nº ${moved.id} agora está "${REWARD_ORDER_STATUS_NAMES[moved.status]}".`,
          )
        }}
      />
    </ReviewScreen>
  )
}
