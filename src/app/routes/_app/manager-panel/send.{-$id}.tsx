import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { optionalId } from '../../../../features/manager-panel/components/panel-paths.ts'
import { SendScreen } from '../../../../features/manager-panel/push/send-screen.tsx'

/** One draft's review before it goes; without an id, the drafts to choose from. */
export const Route = createFileRoute('/_app/manager-panel/send/{-$id}')({
  component: function SendRoute() {
    return <SendScreen id={optionalId(Route.useParams().id)} nav={<PanelNav />} />
  },
})
