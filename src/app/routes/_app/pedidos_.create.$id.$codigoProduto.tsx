import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../contract/schemas/common.ts'
import { ProductCode } from '../../../contract/schemas/pre-invoice.ts'
import { CreateOrderScreen } from '../../../features/pedidos/create/create-order.tsx'
import { loadOrderTexts } from '../../../features/pedidos/create/texts.ts'
import { prefetchTurmas } from '../../prefetch-turmas.ts'
import { useCurrentUser } from '../../session.tsx'

/**
 * /pedidos/create/{id}/{codigoProduto} (SPEC §1, issue 12): `{id}` is the student's
 * class the book is for. A malformed path goes back to the orders; texts are a chunk of their own.
 */
export const Route = createFileRoute('/_app/pedidos_/create/$id/$codigoProduto')({
  loader: async ({ params, context }) => {
    if (!v.is(IdParam, params.id) || !v.is(ProductCode, params.codigoProduto)) throw redirect({ to: '/pedidos', replace: true })
    // "Para a turma …" names the class from the device: opened by a link, the classes are fetched too.
    prefetchTurmas(context.queryClient)
    await loadOrderTexts()
  },
  component: CreateOrderPage,
})

function CreateOrderPage() {
  const { id, codigoProduto } = Route.useParams()
  return <CreateOrderScreen turmaId={Number(id)} codigo={codigoProduto} user={useCurrentUser()} />
}
