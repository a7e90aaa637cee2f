import { createFileRoute, redirect } from '@tanstack/react-router'
import { ManagerPanel } from '../../../../features/manager-panel/components/screens.tsx'
import { managerRouteGuard, RESTRICTED_AREA_NOTICE } from '../../../guards.ts'

/**
 * /manager-panel, create/{id?}, send/{id?}, history/{id?} (SPEC §1), pedidos (the orders
 * to fulfil, issue 12) and the KNN Club's indicacoes, resgates and
 * recompensas/{nova|id?} (issue 13): one route file for them all, so the login
 * page's entry carries one small stub instead of ten (issue 7 budget).
 * Managers only (D7): a student goes to the dashboard with the reason.
 */
export const Route = createFileRoute('/_app/manager-panel/$')({
  beforeLoad: ({ context }) => {
    const decision = managerRouteGuard(context.session.getSnapshot().context.currentUser?.role)
    if (decision) throw redirect({ to: decision.redirectTo, replace: true, state: { notice: RESTRICTED_AREA_NOTICE } })
  },
  component: PanelPage,
})

function PanelPage() {
  const { _splat } = Route.useParams()
  return <ManagerPanel path={_splat ?? ''} />
}
