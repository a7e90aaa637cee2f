import '../pedidos.css'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_STATUSES, type Pedido } from '../../../contract/schemas/pedido.ts'
import { formatDateTime, formatMoney } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { Alert } from '../../../ui/alert.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Select } from '../../../ui/select.tsx'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { studentOrderActions } from '../../../machines/order.ts'
import { cancelOrder, ordersQueryKey, usePedidos } from '../api/get-pedidos.ts'
import { trocarProduto } from '../api/trocar-produto.ts'
import { OrderBooks } from './order-books.tsx'

const ALL = 'todos'

/** /pedidos: orders with product, date, total and their SPEC §4 status. */
export function PedidosView() {
  const { t } = useTranslation('pedidos')
  const data = usePedidos()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState(ALL)
  const [toCancel, setToCancel] = useState<Pedido | null>(null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [switching, setSwitching] = useState<number | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  // The book the level test suggested replaces the ordered one; the server reprices it.
  const switchBook = async (pedido: Pedido) => {
    const sugestao = pedido.sugestao
    if (!sugestao) return
    setNotice(null)
    setSwitching(pedido.id)
    try {
      await trocarProduto(pedido.id, sugestao.codigo_produto)
      setNotice({ tone: 'success', text: t('suggestion.switched', { numero: pedido.numero, livro: sugestao.livro }) })
    } catch (error) {
      setNotice({ tone: 'error', text: (error as Error).message })
    } finally {
      setSwitching(null)
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey })
    }
  }
  const askCancel = (pedido: Pedido, button: HTMLElement) => {
    opener.current = button
    setNotice(null)
    setToCancel(pedido)
  }
  const present = new Set(data.snapshot?.value.map((p) => p.status.id))
  const options = [
    { value: ALL, label: t('filterAll') },
    ...ORDER_STATUSES.filter((s) => present.has(s.id)).map((s) => ({ value: String(s.id), label: s.name })),
  ]
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      {notice ? (
        <Alert tone={notice.tone} role={notice.tone === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      ) : null}
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
            onCancel={askCancel}
            onSwitch={(pedido) => void switchBook(pedido)}
            switching={switching}
          />
        )}
      </OfflineContent>
      <OrderBooks />
      <ConfirmDialog
        open={toCancel !== null}
        title={t('cancelTitle', { numero: toCancel?.numero ?? '' })}
        body={toCancel ? t('cancelBody', { produto: toCancel.produto, total: formatMoney(toCancel.total) }) : ''}
        confirmLabel={t('cancel')}
        cancelLabel={t('cancelKeep')}
        opener={opener}
        onClose={() => setToCancel(null)}
        onConfirm={async () => {
          if (!toCancel) return
          await cancelOrder(toCancel.id)
          setNotice({ tone: 'success', text: t('cancelled', { numero: toCancel.numero }) })
          await queryClient.invalidateQueries({ queryKey: ordersQueryKey })
        }}
      />
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
  onCancel?: (pedido: Pedido, button: HTMLElement) => void
  onSwitch?: (pedido: Pedido) => void
  /** The order whose book is being switched. */
  switching?: number | null
}

function PedidosLayout({ options, status, onStatusChange, pedidos, onCancel, onSwitch, switching }: PedidosLayoutProps) {
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
            <PedidoCard pedido={pedido} onCancel={onCancel} onSwitch={onSwitch} switching={switching === pedido?.id} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One order; without `pedido`, the same card with bars for its texts (its skeleton). */
function PedidoCard({
  pedido,
  onCancel,
  onSwitch,
  switching = false,
}: {
  pedido?: Pedido
  onCancel?: (pedido: Pedido, button: HTMLElement) => void
  onSwitch?: (pedido: Pedido) => void
  switching?: boolean
}) {
  const { t } = useTranslation('pedidos')
  const online = useOnlineStatus()
  const actions = pedido ? studentOrderActions(pedido.status.id) : { pay: false, cancel: false }
  const canCancel = pedido !== undefined && onCancel !== undefined && actions.cancel
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
      {/* Issue 12: the order's action on its meta line, so a card with one is as tall as its skeleton. */}
      <div className="pedido__meta">
        <span>
          {slot((pedido) => `${t('number', { numero: pedido.numero })} · ${formatDateTime(new Date(pedido.criado_em))}`, '11rem')}
        </span>
        {/* Issue 12: paying takes its own screen, which says so offline. */}
        {pedido && actions.pay ? (
          <Link
            to="/pedidos/pagar/$id"
            params={{ id: String(pedido.id) }}
            className="pedido__pay"
            aria-label={t('payLabel', { numero: pedido.numero })}
          >
            {t('pay')}
          </Link>
        ) : null}
        {canCancel ? (
          <button
            type="button"
            className="pedido__cancel"
            aria-label={t('cancelLabel', { numero: pedido.numero })}
            title={online ? undefined : t('cancelOffline')}
            disabled={!online}
            onClick={(event) => onCancel(pedido, event.currentTarget)}
          >
            {t('cancel')}
          </button>
        ) : null}
      </div>
      <p className="pedido__status">
        <span className="order-status" style={pedido ? { ['--status-color' as string]: pedido.status.color } : undefined}>
          <span className="order-status__dot" aria-hidden="true" />
          {slot((pedido) => pedido.status.name, '8rem')}
        </span>
        <span className="pedido__description">{slot((pedido) => pedido.status.description, '14rem')}</span>
      </p>
      {/* The level test suggested another book than the one ordered; online only. */}
      {pedido?.sugestao && actions.pay && onSwitch ? (
        <p className="pedido__next">
          {t('suggestion.text', { livro: pedido.sugestao.livro })}{' '}
          <button
            type="button"
            className="pedido__switch"
            aria-label={t('suggestion.switchLabel', { numero: pedido.numero, livro: pedido.sugestao.livro })}
            title={online ? undefined : t('suggestion.offline')}
            disabled={!online || switching}
            onClick={() => onSwitch(pedido)}
          >
            {t('suggestion.switch')}
          </button>
        </p>
      ) : null}
      {/* SPEC §4 -3: the level test comes first; finishing it moves the order on. */}
      {pedido?.status.id === -3 ? (
        <p className="pedido__next">
          {t('nextStep.waitingTest')} <Link to="/english-test">{t('nextStep.goToTest')}</Link>
        </p>
      ) : null}
    </article>
  )
}
