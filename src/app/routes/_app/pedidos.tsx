import { createFileRoute } from '@tanstack/react-router'
import { PedidosView } from '../../../features/pedidos/components/pedidos-view.tsx'

export const Route = createFileRoute('/_app/pedidos')({
  component: PedidosView,
})
