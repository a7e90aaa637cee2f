import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { ScanResult } from '../../../features/travel-campaign/components/scan-result.tsx'
import { scannedCodeIn, scanPathOf } from '../../../features/travel-campaign/scan-url.ts'
import { loadTravelCampaignTexts } from '../../../features/travel-campaign/texts.ts'
import { useSession } from '../../session.tsx'

/**
 * The printed URL of a campaign code (D27): opened on a phone (or reached from the
 * programme page's camera) it validates that code. `?envio=` is the outbox item once queued,
 * so a reload follows it instead of scanning again. Logged out, the _app guard keeps the
 * path for after the login (src/app/after-login.ts).
 */
// Checked by hand, not with valibot: validateSearch runs in the route tree every first screen loads.
const OUTBOX_ID = /^[A-Za-z0-9_-]{8,64}$/

/** `?envio=` is kept only when it looks like an outbox item's id; anything else is dropped. */
function scanSearch(search: Record<string, unknown>): { envio?: string } {
  const { envio } = search
  return typeof envio === 'string' && OUTBOX_ID.test(envio) ? { envio } : {}
}

export const Route = createFileRoute('/_app/at-home/scanear-qr-code/$campanha/$codigo')({
  validateSearch: scanSearch,
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
