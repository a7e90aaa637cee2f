import { createFileRoute, Outlet } from '@tanstack/react-router'
import { loadKnnUsaTexts } from '../../../features/knn-usa/texts.ts'

/** /knn-orlando (SPEC §2: a programme page with an empty-path child; issue 14, D28, D29). */
export const Route = createFileRoute('/_app/knn-orlando')({
  loader: () => loadKnnUsaTexts(),
  component: Outlet,
})
