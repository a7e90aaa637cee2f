import { createFileRoute } from '@tanstack/react-router'
import { Welcome } from '../../../features/dashboard/components/welcome.tsx'
import { NextInstalmentCard } from '../../../features/financial/components/next-instalment-card.tsx'
import { LatestGradeCard, TodayClassCard } from '../../../features/pedagogico/components/dashboard-cards.tsx'
import { OpenOrdersCard } from '../../../features/pedidos/components/open-orders-card.tsx'
import { useCurrentUser } from '../../session.tsx'

export const Route = createFileRoute('/_app/dashboard')({
  component: Dashboard,
})

/** Home: the greeting and summary cards built from the same local data as each screen. */
function Dashboard() {
  const user = useCurrentUser()
  return (
    <div className="page stack">
      <Welcome user={user} />
      <div className="summary-grid">
        <TodayClassCard />
        <NextInstalmentCard />
        <LatestGradeCard />
        <OpenOrdersCard />
      </div>
    </div>
  )
}
