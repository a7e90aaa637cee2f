import { createFileRoute } from '@tanstack/react-router'
import type { MoedaEstrangeira } from '../../../contract/schemas/cambio.ts'
import { CambioScreen } from '../../../features/cambio/components/cambio-screen.tsx'
import { loadCambioTexts } from '../../../features/cambio/texts.ts'
import { PaymentMethods } from '../../../features/payment/payment-methods.tsx'
import { loadPaymentTexts } from '../../../features/payment/texts.ts'

// Checked by hand, not with valibot: validateSearch runs in the route tree every first screen loads.
const FOREIGN: readonly MoedaEstrangeira[] = ['USD', 'EUR', 'GBP']

/** `?moeda=USD|EUR|GBP` opens the simulator on that currency (the programme pages link so); anything else is ignored. */
function cambioSearch(search: Record<string, unknown>): { moeda?: MoedaEstrangeira } {
  const moeda = FOREIGN.find((code) => code === search.moeda)
  return moeda ? { moeda } : {}
}

/**
 * /cambio (issue 14, D14, D30): the câmbio simulator, reached from the programme pages;
 * its quote is paid with the instalments' Pix and card flow.
 */
export const Route = createFileRoute('/_app/cambio')({
  validateSearch: cambioSearch,
  loader: () => Promise.all([loadCambioTexts(), loadPaymentTexts()]),
  component: CambioPage,
})

function CambioPage() {
  const { moeda } = Route.useSearch()
  return (
    <CambioScreen
      moedaInicial={moeda}
      payment={(target, onPaid, onRefused) => <PaymentMethods target={target} onPaid={onPaid} onRefused={onRefused} />}
    />
  )
}
