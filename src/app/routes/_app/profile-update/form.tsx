import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { RegistrationForm } from '../../../../features/profile-update/components/registration-form.tsx'
import { useCurrentUser, useSessionActor } from '../../../session.tsx'

export const Route = createFileRoute('/_app/profile-update/form')({
  component: FormPage,
})

function FormPage() {
  const user = useCurrentUser()
  const session = useSessionActor()
  const navigate = useNavigate()
  const { redirect } = Route.useSearch()
  return (
    <RegistrationForm
      user={user}
      onSaved={(saved) => {
        // The session re-checks the rule on this user, so the guard lets the student on.
        session.send({ type: 'session.userUpdated', user: saved })
        void navigate({ href: redirect ?? '/dashboard', replace: true })
      }}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  )
}
