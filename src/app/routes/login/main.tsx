import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../-components/login-screen.tsx'

export const Route = createFileRoute('/login/main')({
  component: LoginScreen,
})
