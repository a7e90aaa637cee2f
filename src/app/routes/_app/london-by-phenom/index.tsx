import { createFileRoute } from '@tanstack/react-router'
import { programaQueryOptions } from '../../../../features/knn-usa/api.ts'
import { KnnUsaPage } from '../../../knn-usa-page.tsx'

export const Route = createFileRoute('/_app/london-by-phenom/')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(programaQueryOptions('london')),
  component: () => <KnnUsaPage programa="london" />,
})
