import { createFileRoute, redirect } from '@tanstack/react-router'
import i18next from 'i18next'
import * as v from 'valibot'
import { IdParam } from '../../../../contract/schemas/common.ts'
import { praticaQueryOptions } from '../../../../features/pratica/api/get-pratica.ts'
import { PraticaView } from '../../../../features/pratica/components/pratica-view.tsx'
import { useSession } from '../../../session.tsx'

export const Route = createFileRoute('/_app/pedagogico/minha-pratica/$id')({
  // A malformed id: back to the classes (as notas/$id). Its texts are a chunk of their own,
  // loaded with the route and precached like every chunk, so the screen works offline.
  loader: async ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/pedagogico/list', replace: true })
    void context.queryClient.prefetchQuery(praticaQueryOptions(Number(params.id)))
    const { default: texts } = await import('../../../../i18n/pt-BR/pratica.json')
    i18next.addResourceBundle('pt-BR', 'pratica', texts, true, false)
  },
  component: PraticaPage,
})

function PraticaPage() {
  const { id } = Route.useParams()
  const userId = useSession((s) => s.context.currentUser?.id)
  return userId === undefined ? null : <PraticaView turmaId={Number(id)} userId={userId} />
}
