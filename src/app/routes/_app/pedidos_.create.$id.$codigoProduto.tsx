import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../api/schemas/common.ts'
import { ProductCode } from '../../../api/schemas/pre-invoice.ts'
import { CreateOrderScreen } from '../../../features/pedidos/create/create-order.tsx'
import { loadOrderTexts } from '../../../features/pedidos/create/texts.ts'
import { useCurrentUser } from '../../session.tsx'

/**
 * /pedidos/create/{id}/{codigoProduto} (SPEC §1, issue 12, P150): `{id}` is the student's
 * class the book is for. A malformed path goes back to the orders; texts are a chunk of their own.
 */
export const Route = createFileRoute('/_app/pedidos_/create/$id/$codigoProduto')({
  loader: async ({ params }) => {
    if (!v.is(IdParam, params.id) || !v.is(ProductCode, params.codigoProduto)) throw redirect({ to: '/pedidos', replace: true })
    await loadOrderTexts()
  },
  component: CreateOrderPage,
})

function CreateOrderPage() {
  const { id, codigoProduto } = Route.useParams()
  return <CreateOrderScreen turmaId={Number(id)} codigo={codigoProduto} user={useCurrentUser()} />
}
