import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { loadScreenTexts } from '../../../i18n/index.ts'
import { RecoverPasswordForm } from '../../../features/auth/components/recover-password-form.tsx'
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx'
import { useSession, useSessionActor } from '../../session.tsx'
import { LoginCard } from '../-components/login-card.tsx'

/**
 * `?token=` is the reset link of the e-mail (SPEC §3); without it the page asks for
 * the e-mail or access code. The router reads a numeric-looking value as a number; anything
 * else (a list, an object) counts as no token. Checked by hand, not with valibot: this runs
 * in the route tree, which every first screen loads, the login page included.
 */
function recoverSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search
  return { token: typeof token === 'string' || typeof token === 'number' ? String(token) : undefined }
}

export const Route = createFileRoute('/login/recover-password')({
  validateSearch: recoverSearch,
  // The request and the reset are mutations; the login page's entry has no query cache,
  // so this screen brings it, as the signed-in frame does.
  beforeLoad: async ({ context }) => ({
    queryClient: await (context.queryClient ?? import('../../query-client.ts').then((module) => module.queryClient)),
  }),
  // Its texts are not in the login page's bundle (issue 7): a small precached chunk.
  loader: () => loadScreenTexts(),
  component: RecoverPasswordRoute,
})

function RecoverPasswordRoute() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <RecoverPasswordPage />
    </QueryClientProvider>
  )
}

function RecoverPasswordPage() {
  const { t } = useTranslation('recovery')
  const { token } = Route.useSearch()
  const session = useSessionActor()
  const loggedIn = useSession((s) => s.matches('loggedIn'))
  const navigate = useNavigate()
  if (!token) {
    return (
      <LoginCard title={t('recover.title')} subtitle={t('recover.subtitle')} offline={t('recover.offline')}>
        <RecoverPasswordForm />
      </LoginCard>
    )
  }
  // The reset ended every session, this device's too if it had one: log in afresh.
  const done = () => (loggedIn ? session.send({ type: 'session.logout' }) : void navigate({ to: '/login/main' }))
  return (
    <LoginCard title={t('reset.title')} subtitle={t('reset.subtitle')} offline={t('reset.offline')}>
      <ResetPasswordForm token={token} onDone={done} />
    </LoginCard>
  )
}
