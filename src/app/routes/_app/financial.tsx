import { createFileRoute } from '@tanstack/react-router'
import { FinancialView } from '../../../features/financial/components/financial-view.tsx'
import { financialQueryOptions } from '../../../features/financial/api/get-financial.ts'

export const Route = createFileRoute('/_app/financial')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(financialQueryOptions),
  component: FinancialView,
})
