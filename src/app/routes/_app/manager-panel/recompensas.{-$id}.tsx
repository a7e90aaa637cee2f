import { createFileRoute } from '@tanstack/react-router'
import { RewardFormScreen, RewardsScreen } from '../../../../features/manager-panel/club/rewards-screen.tsx'
import { PanelNav } from '../../../../features/manager-panel/components/panel-nav.tsx'
import { optionalId } from '../../../../features/manager-panel/components/panel-paths.ts'

/** The club's catalogue; `nova` is a new reward's form, an id that reward's. */
export const Route = createFileRoute('/_app/manager-panel/recompensas/{-$id}')({
  component: function RewardsRoute() {
    const param = Route.useParams().id
    const id = optionalId(param)
    return param === 'nova' || id !== undefined ? (
      <RewardFormScreen key={id ?? 'nova'} id={id} nav={<PanelNav />} />
    ) : (
      <RewardsScreen nav={<PanelNav />} />
    )
  },
})
