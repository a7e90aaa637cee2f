import { createFileRoute } from '@tanstack/react-router'
import { PedidosView } from '../../../features/pedidos/components/pedidos-view.tsx'
import { pedidosQueryOptions } from '../../../features/pedidos/api/get-pedidos.ts'

export const Route = createFileRoute('/_app/pedidos')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(pedidosQueryOptions),
  component: PedidosView,
})
