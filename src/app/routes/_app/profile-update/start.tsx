import { createFileRoute } from '@tanstack/react-router'
import { RegistrationStart } from '../../../../features/profile-update/components/registration-start.tsx'
import { useCurrentUser, useSessionActor } from '../../../session.tsx'

export const Route = createFileRoute('/_app/profile-update/start')({
  component: StartPage,
})

function StartPage() {
  const user = useCurrentUser()
  const session = useSessionActor()
  const { redirect } = Route.useSearch()
  return <RegistrationStart user={user} redirect={redirect} onLogout={() => session.send({ type: 'session.logout' })} />
}
