import { createFileRoute } from '@tanstack/react-router'
import { EnviosPendentes } from '../../../features/outbox/components/envios-pendentes.tsx'
import { loadOutboxTexts } from '../../../features/outbox/texts.ts'
import { useSession } from '../../session.tsx'

export const Route = createFileRoute('/_app/envios-pendentes')({
  // The outbox is on the device: nothing to fetch, only the screen's texts.
  loader: () => loadOutboxTexts(),
  component: EnviosPendentesPage,
})

function EnviosPendentesPage() {
  const userId = useSession((s) => s.context.currentUser?.id)
  return userId === undefined ? null : <EnviosPendentes userId={userId} />
}
