import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../contract/schemas/common.ts'
import { PaymentMethods } from '../../../features/payment/payment-methods.tsx'
import { loadPaymentTexts } from '../../../features/payment/texts.ts'
import { ordersQueryOptions } from '../../../features/pedidos/api/get-pedidos.ts'
import { loadOrderTexts } from '../../../features/pedidos/create/texts.ts'
import { OrderPaymentScreen } from '../../../features/pedidos/payment/order-payment-screen.tsx'

/**
 * /pedidos/pagar/{id} (issue 12): an order waiting for payment, paid with the
 * instalments' Pix and card flow. A malformed id goes back to the orders.
 */
export const Route = createFileRoute('/_app/pedidos_/pagar/$id')({
  loader: async ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/pedidos', replace: true })
    void context.queryClient.prefetchQuery(ordersQueryOptions)
    await Promise.all([loadOrderTexts(), loadPaymentTexts()])
  },
  component: OrderPaymentPage,
})

function OrderPaymentPage() {
  const { id } = Route.useParams()
  return <OrderPaymentScreen pedidoId={Number(id)} payment={(target, onPaid) => <PaymentMethods target={target} onPaid={onPaid} />} />
}
