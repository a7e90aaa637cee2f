import { createFileRoute } from '@tanstack/react-router'
import { AulaOnlineList } from '../../../../features/aula-online/components/aula-online-list.tsx'
import { aulasOnlineQueryOptions } from '../../../../features/aula-online/api/aulas-online.ts'

export const Route = createFileRoute('/_app/aula-online/list')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(aulasOnlineQueryOptions),
  component: AulaOnlineList,
})
