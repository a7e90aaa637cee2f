import { createFileRoute } from '@tanstack/react-router'
import { rememberLoginOrigin } from '../../../features/auth/login-origin.ts'
import { LoginScreen } from '../-components/login-screen.tsx'

export const Route = createFileRoute('/login/main')({
  // D25: a partner landing page's prospex, cupom and company go with the login.
  beforeLoad: ({ location }) => rememberLoginOrigin(location.searchStr),
  component: LoginScreen,
})
