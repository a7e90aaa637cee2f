import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../contract/schemas/common.ts'
import { financialQueryOptions } from '../../../features/financial/api/get-financial.ts'
import { InstalmentPaymentScreen } from '../../../features/financial/components/instalment-payment-screen.tsx'
import { PaymentMethods } from '../../../features/payment/payment-methods.tsx'
import { loadPaymentTexts } from '../../../features/payment/texts.ts'

export const Route = createFileRoute('/_app/financial_/pagar/$id')({
  // Issue 12: a malformed id goes back to the instalments; the screen's texts are a chunk of
  // their own, and the instalments' sync starts with the screen.
  loader: async ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/financial', replace: true })
    void context.queryClient.prefetchQuery(financialQueryOptions)
    await loadPaymentTexts()
  },
  component: PaymentPage,
})

function PaymentPage() {
  const { id } = Route.useParams()
  return <InstalmentPaymentScreen parcelaId={Number(id)} payment={(target, onPaid) => <PaymentMethods target={target} onPaid={onPaid} />} />
}
