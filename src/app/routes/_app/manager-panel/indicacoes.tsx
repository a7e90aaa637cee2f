import { createFileRoute } from '@tanstack/react-router'
import { LeadsScreen } from '../../../../features/manager-panel/club/leads-screen.tsx'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'

export const Route = createFileRoute('/_app/manager-panel/indicacoes')({
  component: () => <LeadsScreen nav={<PanelNav />} />,
})
