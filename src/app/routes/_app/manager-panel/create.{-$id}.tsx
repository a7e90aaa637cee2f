import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { optionalId } from '../../../../features/manager-panel/components/panel-paths.ts'
import { ComposeScreen } from '../../../../features/manager-panel/push/compose-screen.tsx'

/** A new notification, or a saved draft to edit. */
export const Route = createFileRoute('/_app/manager-panel/create/{-$id}')({
  component: function ComposeRoute() {
    const id = optionalId(Route.useParams().id)
    // A new form once the draft is saved and the address takes its id: the form's state starts again from the saved row.
    return <ComposeScreen key={id ?? 'new'} id={id} nav={<PanelNav />} />
  },
})
