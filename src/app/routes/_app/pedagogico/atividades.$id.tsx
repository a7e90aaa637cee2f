import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdParam } from '../../../../contract/schemas/common.ts'
import { atividadesQueryOptions } from '../../../../features/atividades/api/atividades.ts'
import { AtividadesView } from '../../../../features/atividades/components/atividades-view.tsx'
import { loadAtividadesTexts } from '../../../../features/atividades/texts.ts'
import { OutboxItemRow } from '../../../../features/outbox/components/outbox-item.tsx'
import { loadOutboxTexts } from '../../../../features/outbox/texts.ts'
import type { OutboxItem } from '../../../../db/outbox.ts'
import { useSession } from '../../../session.tsx'

export const Route = createFileRoute('/_app/pedagogico/atividades/$id')({
  // A malformed id: back to the classes (as notas.$id). The screen's texts are a chunk of
  // their own; the activities' request starts with the screen's.
  loader: async ({ context, params }) => {
    if (!v.is(IdParam, params.id)) throw redirect({ to: '/pedagogico/list', replace: true })
    void context.queryClient.prefetchQuery(atividadesQueryOptions(Number(params.id)))
    await Promise.all([loadAtividadesTexts(), loadOutboxTexts()])
  },
  component: AtividadesPage,
})

function AtividadesPage() {
  const { id } = Route.useParams()
  const userId = useSession((s) => s.context.currentUser?.id)
  return userId === undefined ? null : <AtividadesView turmaId={Number(id)} userId={userId} queuedRow={queuedRow} />
}

/** A file waiting to be sent is drawn as on /envios-pendentes. */
function queuedRow(item: OutboxItem) {
  return <OutboxItemRow item={item} />
}
