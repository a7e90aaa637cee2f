import { createFileRoute } from '@tanstack/react-router'
import { programaQueryOptions } from '../../../../features/knn-usa/api.ts'
import { KnnUsaPage } from '../../../knn-usa-page.tsx'

export const Route = createFileRoute('/_app/knn-orlando/')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(programaQueryOptions('orlando')),
  component: () => <KnnUsaPage programa="orlando" />,
})
