import { createFileRoute } from '@tanstack/react-router'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { optionalId } from '../../../../features/manager-panel/components/panel-paths.ts'
import { OverseasRequestScreen, OverseasRequestsScreen } from '../../../../features/manager-panel/overseas-study/requests-screen.tsx'

/** The overseas-study requests; with an id, one request's review. */
export const Route = createFileRoute('/_app/manager-panel/intercambio/{-$id}')({
  component: function OverseasStudyRoute() {
    const id = optionalId(Route.useParams().id)
    return id === undefined ? <OverseasRequestsScreen nav={<PanelNav />} /> : <OverseasRequestScreen key={id} id={id} nav={<PanelNav />} />
  },
})
