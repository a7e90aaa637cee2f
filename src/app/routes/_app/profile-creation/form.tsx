import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { RegistrationForm } from '../../../../features/profile-update/components/registration-form.tsx'
import { useCurrentUser, useSessionActor } from '../../../session.tsx'

export const Route = createFileRoute('/_app/profile-creation/form')({
  component: ProfileCreationFormPage,
})

/**
 * SPEC §2 /profile-creation/form: the registration form (SPEC §5 rules, the same machine and
 * PUT) completes the empty book's account; the server then ties it to the book's school.
 */
function ProfileCreationFormPage() {
  const { t } = useTranslation('books')
  const user = useCurrentUser()
  const session = useSessionActor()
  const navigate = useNavigate()
  return (
    <RegistrationForm
      user={user}
      title={t('creation.title')}
      intro={t('creation.formIntro')}
      onSaved={(saved) => {
        session.send({ type: 'session.userUpdated', user: saved })
        // D8: the flow is over; bookInfo goes and the drawer comes back.
        session.send({ type: 'session.bookFlowEnded' })
        void navigate({ to: '/dashboard', replace: true })
      }}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  )
}
