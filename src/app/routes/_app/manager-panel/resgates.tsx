import { createFileRoute } from '@tanstack/react-router'
import { RewardOrdersScreen } from '../../../../features/manager-panel/club/reward-orders-screen.tsx'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'

export const Route = createFileRoute('/_app/manager-panel/resgates')({
  component: () => <RewardOrdersScreen nav={<PanelNav />} />,
})
