import { createFileRoute, Outlet } from '@tanstack/react-router'
import { loadKnnUsaTexts } from '../../../features/knn-usa/texts.ts'

/** /london-by-phenom (SPEC §2: a programme page with an empty-path child; issue 14, D28, D29). */
export const Route = createFileRoute('/_app/london-by-phenom')({
  loader: () => loadKnnUsaTexts(),
  component: Outlet,
})
