import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/aula-online')({
  beforeLoad: ({ location }) => {
    // SPEC §2: /aula-online redirects to list.
    if (location.pathname.replace(/\/$/, '') === '/aula-online') throw redirect({ to: '/aula-online/list', replace: true })
  },
  component: Outlet,
})
