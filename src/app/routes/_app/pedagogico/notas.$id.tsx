import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../../contract/schemas/common.ts'
import { NotasView } from '../../../../features/pedagogico/components/notas-view.tsx'
import { classesQueryOptions } from '../../../../features/pedagogico/api/get-turmas.ts'

export const Route = createFileRoute('/_app/pedagogico/notas/$id')({
  // A malformed id in a typed or old link: back to the classes, not an error screen. Checked
  // in the loader, which loads with the screen, so valibot is not in every route's entry.
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/pedagogico/list', replace: true })
    void context.queryClient.prefetchQuery(classesQueryOptions)
  },
  component: NotasPage,
})

function NotasPage() {
  const { id } = Route.useParams()
  return <NotasView turmaId={Number(id)} />
}
