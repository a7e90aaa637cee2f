import { createFileRoute } from '@tanstack/react-router'
import { getBookInfo } from '../../../../lib/local-store.ts'
import { ProfileCreationStart } from '../../../../features/profile-update/components/profile-creation-start.tsx'
import { useSessionActor } from '../../../session.tsx'

export const Route = createFileRoute('/_app/profile-creation/new-user')({
  component: NewUserPage,
})

function NewUserPage() {
  const session = useSessionActor()
  return <ProfileCreationStart bookUuid={getBookInfo()?.uuid ?? null} onLogout={() => session.send({ type: 'session.logout' })} />
}
