import { createFileRoute } from '@tanstack/react-router'
import { Welcome } from '../../../features/dashboard/components/welcome.tsx'
import { financialQueryOptions } from '../../../features/financial/api/get-financial.ts'
import { NextInstalmentCard } from '../../../features/financial/components/next-instalment-card.tsx'
import { classesQueryOptions } from '../../../features/pedagogico/api/get-turmas.ts'
import { LatestGradeCard, TodayClassCard } from '../../../features/pedagogico/components/dashboard-cards.tsx'
import { ordersQueryOptions } from '../../../features/pedidos/api/get-pedidos.ts'
import { OpenOrdersCard } from '../../../features/pedidos/components/open-orders-card.tsx'
import { useSyncGroup } from '../../../db/use-offline-data.ts'
import { usePullToRefresh } from '../../../ui/pull-to-refresh-screen.ts'
import { SyncStatus } from '../../../ui/sync-status.tsx'
import { EmailVerificationNotice } from '../../email-verification-notice.tsx'
import { useCurrentUser } from '../../session.tsx'
import { financeiroEndpoints } from '../../../contract/endpoints/financeiro.ts'
import { canCall } from '../../../contract/define.ts'
import type { Role } from '../../../contract/schemas/user.ts'

const SOURCES = [
  { options: classesQueryOptions, key: 'turmas' },
  { options: financialQueryOptions, key: 'financeiro' },
  { options: ordersQueryOptions, key: 'pedidos' },
] as const

export const Route = createFileRoute('/_app/dashboard')({
  // Issue 7: every request of the screen starts now, in parallel with `/users/me/`; the
  // cards draw from the device meanwhile, so the loader does not wait for them.
  loader: ({ context }) => {
    if (!readsStudentData(context.session.getSnapshot().context.currentUser?.role ?? null)) return
    for (const source of SOURCES) void context.queryClient.prefetchQuery(source.options)
  },
  component: Dashboard,
})

/** A manager has no classes, instalments or orders (D7): their home is the greeting. */
function readsStudentData(role: Role | null): boolean {
  return canCall(financeiroEndpoints.financeiro, role)
}

/** Home: the greeting and summary cards built from the same local data as each screen. */
function Dashboard() {
  const user = useCurrentUser()
  if (!readsStudentData(user.role)) {
    return (
      <div className="page stack">
        <EmailVerificationNotice />
        <Welcome user={user} />
      </div>
    )
  }
  return <StudentDashboard />
}

function StudentDashboard() {
  const user = useCurrentUser()
  const sync = useSyncGroup(SOURCES)
  usePullToRefresh(() => sync.refresh())
  return (
    <div className="page stack">
      <EmailVerificationNotice />
      <Welcome user={user} />
      <SyncStatus {...sync} onRefresh={() => void sync.refresh()} />
      <div className="summary-grid">
        <TodayClassCard />
        <NextInstalmentCard />
        <LatestGradeCard />
        <OpenOrdersCard />
      </div>
    </div>
  )
}
