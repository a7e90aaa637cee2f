import { createFileRoute, redirect } from '@tanstack/react-router'
import { managerRouteGuard, RESTRICTED_AREA_NOTICE } from '../../guards.ts'

/**
 * /manager-panel and its screens (SPEC §1; issues 11–14): the school's notifications, the
 * orders to fulfil, the KNN Club's leads, reward orders and catalogue, the overseas-study
 * requests, one route file per screen under manager-panel/ (this one draws only its child).
 * Managers only: a student goes to the dashboard with the reason.
 */
export const Route = createFileRoute('/_app/manager-panel')({
  beforeLoad: ({ context }) => {
    const decision = managerRouteGuard(context.session.getSnapshot().context.currentUser?.role)
    if (decision) throw redirect({ to: decision.redirectTo, replace: true, state: { notice: RESTRICTED_AREA_NOTICE } })
  },
})
