import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { SendingsScreen } from '../../../../features/manager-panel/push/sendings-screen.tsx'

export const Route = createFileRoute('/_app/manager-panel/')({
  component: () => <SendingsScreen title="Notificações da escola" nav={<PanelNav />} />,
})
