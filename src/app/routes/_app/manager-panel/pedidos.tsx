import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { OrdersScreen } from '../../../../features/manager-panel/orders/orders-screen.tsx'

export const Route = createFileRoute('/_app/manager-panel/pedidos')({
  component: () => <OrdersScreen nav={<PanelNav />} />,
})
