import { createFileRoute } from '@tanstack/react-router'
import { TurmaList } from '../../../../features/pedagogico/components/turma-list.tsx'

export const Route = createFileRoute('/_app/pedagogico/list')({
  component: TurmaList,
})
