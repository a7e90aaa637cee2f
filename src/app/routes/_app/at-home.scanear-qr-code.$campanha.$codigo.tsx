import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import * as v from 'valibot'
import { ScanResult } from '../../../features/travel-campaign/components/scan-result.tsx'
import { scannedCodeIn, scanPathOf } from '../../../features/travel-campaign/scan-url.ts'
import { loadTravelCampaignTexts } from '../../../features/travel-campaign/texts.ts'
import { useSession } from '../../session.tsx'

/**
 * The printed URL of a campaign code (D27, P235): opened on a phone (or reached from the
 * programme page's camera) it validates that code. `?envio=` is the outbox item once queued,
 * so a reload follows it instead of scanning again. Logged out, the _app guard keeps the
 * path for after the login (src/app/after-login.ts).
 */
export const Route = createFileRoute('/_app/at-home/scanear-qr-code/$campanha/$codigo')({
  validateSearch: v.object({ envio: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))) }),
  loader: () => loadTravelCampaignTexts(),
  component: ScanRoute,
})

function ScanRoute() {
  const { campanha, codigo } = Route.useParams()
  const { envio } = Route.useSearch()
  const userId = useSession((s) => s.context.currentUser?.id)
  const navigate = useNavigate()
  const code = useMemo(() => scannedCodeIn(scanPathOf({ campanha, codigo })), [campanha, codigo])
  const onQueued = useCallback((id: string) => void navigate({ to: '.', search: { envio: id }, replace: true }), [navigate])
  return userId === undefined ? null : <ScanResult code={code} itemId={envio} userId={userId} onQueued={onQueued} />
}
