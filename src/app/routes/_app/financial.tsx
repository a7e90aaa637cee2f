import { createFileRoute } from '@tanstack/react-router'
import { FinanceiroView } from '../../../features/financial/components/financeiro-view.tsx'

export const Route = createFileRoute('/_app/financial')({
  component: FinanceiroView,
})
