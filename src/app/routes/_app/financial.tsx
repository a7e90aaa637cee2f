import { createFileRoute } from '@tanstack/react-router'
import { FinanceiroView } from '../../../features/financial/components/financeiro-view.tsx'
import { financeiroQueryOptions } from '../../../features/financial/api/get-financeiro.ts'

export const Route = createFileRoute('/_app/financial')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(financeiroQueryOptions),
  component: FinanceiroView,
})
