import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/pedagogico')({
  beforeLoad: ({ location }) => {
    // SPEC §2: /pedagogico redirects to list.
    if (location.pathname.replace(/\/$/, '') === '/pedagogico') throw redirect({ to: '/pedagogico/list', replace: true })
  },
  component: Outlet,
})
