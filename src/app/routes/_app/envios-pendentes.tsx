import { createFileRoute } from '@tanstack/react-router'
import { OutboxScreen } from '../../../features/outbox/components/outbox-screen.tsx'
import { loadOutboxTexts } from '../../../features/outbox/texts.ts'
import { useSession } from '../../session.tsx'

export const Route = createFileRoute('/_app/envios-pendentes')({
  // The outbox is on the device: nothing to fetch, only the screen's texts.
  loader: () => loadOutboxTexts(),
  component: OutboxPage,
})

function OutboxPage() {
  const userId = useSession((s) => s.context.currentUser?.id)
  return userId === undefined ? null : <OutboxScreen userId={userId} />
}
