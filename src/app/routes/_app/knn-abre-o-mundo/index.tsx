import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { travelCampaignQueryOptions } from '../../../../features/travel-campaign/api.ts'
import { CampaignPage } from '../../../../features/travel-campaign/components/campaign-page.tsx'
import type { ScannedCode } from '../../../../features/travel-campaign/scan-url.ts'
import { useSession } from '../../../session.tsx'

export const Route = createFileRoute('/_app/knn-abre-o-mundo/')({
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: ({ context }) => void context.queryClient.prefetchQuery(travelCampaignQueryOptions),
  component: CampaignRoute,
})

function CampaignRoute() {
  const userId = useSession((s) => s.context.currentUser?.id)
  const navigate = useNavigate()
  // A code read by the camera goes where its printed URL goes.
  const onScanned = useCallback(
    ({ campanha, codigo }: ScannedCode) =>
      void navigate({ to: '/at-home/scanear-qr-code/$campanha/$codigo', params: { campanha, codigo }, search: {} }),
    [navigate],
  )
  return userId === undefined ? null : <CampaignPage userId={userId} onScanned={onScanned} />
}
