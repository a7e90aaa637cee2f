import { createFileRoute, Outlet } from '@tanstack/react-router'
import { loadTravelCampaignTexts } from '../../../features/travel-campaign/texts.ts'

/** /knn-abre-o-mundo (SPEC §2: a programme page with an empty-path child; issue 14, D27). */
export const Route = createFileRoute('/_app/knn-abre-o-mundo')({
  loader: () => loadTravelCampaignTexts(),
  component: Outlet,
})
