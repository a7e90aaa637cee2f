import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { optionalId } from '../../../../features/manager-panel/components/panel-paths.ts'
import { SendingLogScreen } from '../../../../features/manager-panel/push/sending-log-screen.tsx'
import { SendingsScreen } from '../../../../features/manager-panel/push/sendings-screen.tsx'

/** Every sending with its counts; with an id, that sending's delivery log. */
export const Route = createFileRoute('/_app/manager-panel/history/{-$id}')({
  component: function HistoryRoute() {
    const id = optionalId(Route.useParams().id)
    return id === undefined ? (
      <SendingsScreen title="Histórico de notificações" nav={<PanelNav />} />
    ) : (
      <SendingLogScreen id={id} nav={<PanelNav />} />
    )
  },
})
