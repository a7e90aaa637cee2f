import { createFileRoute } from '@tanstack/react-router'
import { avisosQueryOptions } from '../../../features/avisos/sync.ts'
import { AvisosScreen } from '../../../features/avisos/components/avisos-screen.tsx'

export const Route = createFileRoute('/_app/avisos')({
  // Issue 40 item 13: the notices' request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(avisosQueryOptions),
  component: AvisosScreen,
})
