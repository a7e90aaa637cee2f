import { createFileRoute, redirect } from '@tanstack/react-router'
import { ClubScreen } from '../../../../features/club/components/club-screen.tsx'
import { CLUB_PAGES, type ClubPage } from '../../../../features/club/pages.ts'
import { loadClubTexts } from '../../../../features/club/texts.ts'
import { useCurrentUser, useSessionActor } from '../../../session.tsx'

/**
 * /knn-club and its pages (SPEC §2, issue 13): one route file, as the managers' panel,
 * so the login page's entry carries one stub. /knn-club, a page this screen does not draw
 * and, for a user whose is_club is false, every page but meu-clube go to meu-clube.
 */
export const Route = createFileRoute('/_app/knn-club/$')({
  beforeLoad: ({ context, params }) => {
    const page = (params._splat ?? '').replace(/\/+$/, '')
    const user = context.session.getSnapshot().context.currentUser
    // The club's calls are a student's (D7): a manager has no points to show.
    if (user && user.role !== 'student') throw redirect({ to: '/dashboard', replace: true })
    const member = user?.is_club ?? false
    if (page !== 'meu-clube' && (!member || !(CLUB_PAGES as readonly string[]).includes(page)))
      throw redirect({ to: '/knn-club/$', params: { _splat: 'meu-clube' }, replace: true })
  },
  loader: () => loadClubTexts(),
  component: ClubPageRoute,
})

function ClubPageRoute() {
  const { _splat } = Route.useParams()
  const session = useSessionActor()
  const member = useCurrentUser().is_club
  // Joining updates the user kept on the device too, so the guard lets the member in at once.
  return (
    <ClubScreen
      page={(_splat ?? '').replace(/\/+$/, '') as ClubPage}
      member={member}
      onUserUpdated={(user) => session.send({ type: 'session.userUpdated', user })}
    />
  )
}
