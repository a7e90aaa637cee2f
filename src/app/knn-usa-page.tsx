import { lazy, Suspense } from 'react'
import type { ProgramaUsa } from '../contract/schemas/knn-usa.ts'
import { ProgramaScreen } from '../features/knn-usa/components/programa-screen.tsx'
import type { UsaPayment } from '../features/knn-usa/components/request-payment.tsx'
import { LoadingStatus } from '../ui/skeleton.tsx'
import { useSession } from './session.tsx'

// The instalments' Pix and card flow and its texts load only for an approved request.
const PaymentMethods = lazy(() =>
  Promise.all([import('../features/payment/payment-methods.tsx'), import('../features/payment/texts.ts')]).then(async ([module, texts]) => {
    await texts.loadPaymentTexts()
    return { default: module.PaymentMethods }
  }),
)

const payment: UsaPayment = (target, onPaid) => (
  <Suspense fallback={<LoadingStatus />}>
    <PaymentMethods target={target} onPaid={onPaid} />
  </Suspense>
)

/**
 * The page of /knn-orlando and /london-by-phenom (D29: one screen, two programmes): the
 * session's student and the payment flow handed to the feature (features never import each other).
 */
export function KnnUsaPage({ programa }: { programa: ProgramaUsa }) {
  const user = useSession((s) => s.context.currentUser)
  return user ? <ProgramaScreen key={programa} programa={programa} userId={user.id} birthDate={user.birth_date} payment={payment} /> : null
}
