import './payment.css'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../ui/alert.tsx'
import { ChoiceGroup } from '../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../ui/online-status.ts'
import { LoadingStatus } from '../../ui/skeleton.tsx'
import type { PaymentTarget } from './api.ts'
import { PixPanel } from './pix-panel.tsx'

type Method = 'pix' | 'cartao'

// The card form (and the Select it uses) loads when the student chooses the card: Pix, the
// default, does not pay for it.
const CardPanel = lazy(() => import('./card-panel.tsx').then((module) => ({ default: module.CardPanel })))

/**
 * Pix or card for one instalment or order (D13): the same flow for both. Paying
 * needs a connection and says so; `onPaid` runs once the payment is confirmed here.
 */
export function PaymentMethods({
  target,
  onPaid,
  onRefused,
}: {
  target: PaymentTarget
  onPaid: () => void
  /** A 409 from the server: the target cannot be charged any more (a câmbio quote past its 15 minutes). */
  onRefused?: ((message: string) => void) | undefined
}) {
  const { t } = useTranslation('payment')
  const online = useOnlineStatus()
  const [method, setMethod] = useState<Method>('pix')
  // Paid here: the panel keeps its confirmation on screen, without the choice above it.
  const [paid, setPaid] = useState(false)
  const paidHere = useCallback(() => {
    setPaid(true)
    onPaid()
  }, [onPaid])
  return (
    <>
      {online || paid ? null : <Alert tone="warning">{t('offline')}</Alert>}
      {paid ? null : (
        <ChoiceGroup
          legend={t('method')}
          options={[
            { value: 'pix', label: t('methods.pix') },
            { value: 'cartao', label: t('methods.cartao') },
          ]}
          value={method}
          onChange={setMethod}
        />
      )}
      {method === 'pix' ? (
        <PixPanel target={target} online={online} onPaid={paidHere} onRefused={onRefused} />
      ) : (
        <Suspense fallback={<LoadingStatus />}>
          <CardPanel target={target} online={online} onPaid={paidHere} onRefused={onRefused} />
        </Suspense>
      )}
    </>
  )
}
