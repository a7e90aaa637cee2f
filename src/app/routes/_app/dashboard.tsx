import { createFileRoute } from '@tanstack/react-router'
import { Welcome } from '../../../features/dashboard/components/welcome.tsx'
import { useCurrentUser } from '../../session.tsx'

export const Route = createFileRoute('/_app/dashboard')({
  component: Dashboard,
})

function Dashboard() {
  const user = useCurrentUser()
  return (
    <div className="page">
      <Welcome user={user} />
    </div>
  )
}
