import { createFileRoute } from '@tanstack/react-router'
import { EnviosPendentes } from '../../../features/atividades/components/envios-pendentes.tsx'
import { loadAtividadesTexts } from '../../../features/atividades/texts.ts'
import { useSession } from '../../session.tsx'

export const Route = createFileRoute('/_app/envios-pendentes')({
  // The outbox is on the device: nothing to fetch, only the screen's texts (P101).
  loader: () => loadAtividadesTexts(),
  component: EnviosPendentesPage,
})

function EnviosPendentesPage() {
  const userId = useSession((s) => s.context.currentUser?.id)
  return userId === undefined ? null : <EnviosPendentes userId={userId} />
}
