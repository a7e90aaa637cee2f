import '../pedidos.css'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Pedido } from '../../../contract/schemas/pedido.ts'
import { Alert } from '../../../ui/alert.tsx'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { PaymentSummary } from '../../../ui/payment-summary.tsx'
import { textOrSkeleton } from '../../../ui/skeleton.tsx'
import { ordersQueryKey, usePedidos } from '../api/get-pedidos.ts'

/** What the payment is asked for: the order and its total (the payment's own flow draws the rest). */
export interface OrderToPay {
  tipo: 'pedido'
  id: number
  valor: number
}

interface OrderPaymentScreenProps {
  pedidoId: number
  /** The Pix and card flow of the instalments (composed by the route: a feature never imports another). */
  payment: (target: OrderToPay, onPaid: () => void) => ReactNode
}

/**
 * /pedidos/pagar/{id} (issue 12): an order waiting for payment, from the device, paid
 * with the instalments' Pix and card flow ("status-1 orders use the same flow").
 */
export function OrderPaymentScreen({ pedidoId, payment }: OrderPaymentScreenProps) {
  const { t } = useTranslation('pedidoCreate')
  const data = usePedidos()
  return (
    <div className="page stack">
      <h1 className="page__title">{t('order.payTitle')}</h1>
      <OfflineContent
        {...data}
        emptyText={t('order.notFound')}
        notOnDeviceText={t('order.notOnDevice')}
        isEmpty={(pedidos) => !pedidos.some((pedido) => pedido.id === pedidoId)}
        skeleton={<OrderSummary />}
      >
        {(pedidos) => <OrderPayment pedido={pedidos.find((pedido) => pedido.id === pedidoId)!} payment={payment} />}
      </OfflineContent>
      <p>
        <Link to="/pedidos">{t('back')}</Link>
      </p>
    </div>
  )
}

/** The order being paid; without `pedido`, the same box with bars (the skeleton). */
function OrderSummary({ pedido }: { pedido?: Pedido }) {
  const { t } = useTranslation('pedidoCreate')
  return (
    <PaymentSummary
      label={t('order.amount')}
      what={textOrSkeleton(pedido, (p) => t('order.summary', { numero: p.numero, produto: p.produto }), '14rem')}
      detail={textOrSkeleton(pedido, (p) => p.status.name, '8rem')}
      amount={pedido?.total}
    />
  )
}

function OrderPayment({ pedido, payment }: { pedido: Pedido; payment: OrderPaymentScreenProps['payment'] }) {
  const { t } = useTranslation('pedidoCreate')
  const queryClient = useQueryClient()
  // Paid on this screen: the flow keeps its confirmation on screen after the re-sync below.
  const [paidHere, setPaidHere] = useState(false)
  const onPaid = useCallback(() => {
    setPaidHere(true)
    // The orders re-sync: /pedidos shows it "A atender".
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey })
  }, [queryClient])
  const payable = pedido.status.id === 1 || pedido.status.id === -1
  if (!payable && !paidHere) {
    return (
      <>
        <OrderSummary pedido={pedido} />
        {pedido.status.id >= 2 ? (
          <Alert tone="success">{t('order.alreadyPaid')}</Alert>
        ) : (
          <Alert tone="info">{t('order.notPayable', { status: pedido.status.name })}</Alert>
        )}
      </>
    )
  }
  return (
    <>
      <OrderSummary pedido={pedido} />
      {payment({ tipo: 'pedido', id: pedido.id, valor: pedido.total }, onPaid)}
    </>
  )
}
