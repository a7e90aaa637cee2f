import { createFileRoute } from '@tanstack/react-router'
import { TurmaList } from '../../../../features/pedagogico/components/turma-list.tsx'
import { classesQueryOptions } from '../../../../features/pedagogico/api/get-turmas.ts'

export const Route = createFileRoute('/_app/pedagogico/list')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(classesQueryOptions),
  component: TurmaList,
})
