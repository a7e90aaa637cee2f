import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../../contract/schemas/common.ts'
import { AulaOnlineDetails } from '../../../../features/aula-online/components/aula-online-details.tsx'
import { aulaOnlineQueryOptions } from '../../../../features/aula-online/api/aulas-online.ts'

export const Route = createFileRoute('/_app/aula-online/details/$id')({
  // A malformed id in a typed or old link: back to the list (checked in the loader).
  loader: ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/aula-online/list', replace: true })
    void context.queryClient.prefetchQuery(aulaOnlineQueryOptions(Number(params.id)))
  },
  component: DetailsPage,
})

function DetailsPage() {
  const { id } = Route.useParams()
  return <AulaOnlineDetails id={Number(id)} />
}
