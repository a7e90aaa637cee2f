import { createFileRoute } from '@tanstack/react-router'
import { PedidosView } from '../../../features/pedidos/components/pedidos-view.tsx'
import { ordersQueryOptions } from '../../../features/pedidos/api/get-pedidos.ts'
import { prefetchTurmas } from '../../prefetch-turmas.ts'

export const Route = createFileRoute('/_app/pedidos')({
  // Issue 7: the screen's requests start with `/users/me/`; the screen draws from the device meanwhile.
  // The classes too (issue 40 item 1): "Pedir livros" lists them, whatever the way in.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ordersQueryOptions)
    prefetchTurmas(context.queryClient)
  },
  component: PedidosView,
})
