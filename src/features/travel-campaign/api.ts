import { useQueryClient } from '@tanstack/react-query'
import { api, PORTAL_BASE_URL } from '../../lib/api.ts'
import { ApiError } from '../../lib/client.ts'
import { travelCampaignEndpoints } from '../../contract/endpoints/travel-campaigns.ts'
import type { CampanhaViagem } from '../../contract/schemas/travel-campaign.ts'
import type { PortalDb, TravelCampaignState } from '../../db/database.ts'
import type { OutboxItem } from '../../db/outbox.ts'
import { CAMPAIGN_CODE_KIND, campaignCodeContextOf, type CampaignCodeContext } from '../../db/outbox-kinds.ts'
import { syncTicket } from '../../db/sync-start.ts'
import { loadOutbox, loadOutboxApp } from '../../db/outbox-live.ts'
import { answerAsIs, offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../db/use-offline-data.ts'
import type { ScannedCode } from './scan-url.ts'

/**
 * The travel campaign on the device (issue 14, D27): the open campaign with the
 * student's standing and their validated codes, fetched together into one sync row and drawn
 * from there, so the programme page reads offline after a reload (D15, like the club).
 */

async function readCampaign(db: PortalDb): Promise<LocalSnapshot<TravelCampaignState> | null> {
  const row = await db.syncState.get('travelCampaign')
  return row?.travelCampaign ? { value: row.travelCampaign, updatedAt: row.updatedAt } : null
}

/** `GET /travel-campaigns/atual/`: null when no campaign is open (404). */
async function currentCampaign(): Promise<CampanhaViagem | null> {
  try {
    return await api.call(travelCampaignEndpoints.travelCampaign, { params: { id: 'atual' } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const travelCampaignQueryOptions = offlineQueryOptions(
  ['offline', 'travelCampaign'],
  async (device, show: (answer: TravelCampaignState) => void) => {
    const ticket = syncTicket()
    const [campanha, codigos] = await Promise.all([currentCampaign(), api.call(travelCampaignEndpoints.travelCampaignCodes)])
    // Drawn now, before the device database has stored it (docs/offline-and-sync.md#a-screen-draws-its-answer-before-the-database-has-it).
    show({ campanha, codigos })
    await (await device).storeSyncRow('travelCampaign', { campanha, codigos }, { ticket })
  },
)

export function useTravelCampaign() {
  return useOfflineData<TravelCampaignState>({
    options: travelCampaignQueryOptions,
    read: readCampaign,
    fromAnswer: answerAsIs,
  })
}

/** Reads the campaign again (a code was validated, the student joined). */
export function useRefreshTravelCampaign(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: travelCampaignQueryOptions.queryKey })
}

/** "Participar" (`POST /travel-campaigns/`), accepting the rules; online only. A refusal throws with the server's `detail`. */
export function joinCampaign(campanhaId: number): Promise<CampanhaViagem> {
  return api.call(travelCampaignEndpoints.joinTravelCampaign, { body: { campanha_id: campanhaId, aceito_regulamento: true } })
}

/**
 * After "Participar": every refused code of the student that the server has not validated
 * is sent again (it was refused because the student did not take part yet, most likely), so
 * no "Você ainda não participa…" stays beside "Você participa desde …". A code refused for
 * another reason (unknown, campaign over) is refused again with the same words: one request.
 */
export async function retryRefusedCodes(ownerId: number, validated: ReadonlySet<string>): Promise<void> {
  const [{ outbox }, app] = await Promise.all([loadOutbox(), loadOutboxApp()])
  const refused = (await outbox.itemsOf(ownerId, { kind: CAMPAIGN_CODE_KIND })).filter(
    (item) => item.state === 'recusado' && !validated.has(campaignCodeContextOf(item).codigo),
  )
  await Promise.all(refused.map((item) => outbox.retryNow(item.id)))
  if (refused.length === 0) return
  void app.kickOutbox()
  // "Pronto!" waits for their answers (at most RETRY_WAIT_MS), so the campaign read after them
  // counts their entries: read before, the standing said "no entries" beside a code's "+1".
  const ids = new Set(refused.map((item) => item.id))
  const deadline = Date.now() + RETRY_WAIT_MS
  while (Date.now() < deadline) {
    const items = await outbox.itemsOf(ownerId, { kind: CAMPAIGN_CODE_KIND })
    if (!items.some((item) => ids.has(item.id) && isUnderway(item))) return
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** How long "Participar" waits for the codes it sent again before reading the campaign. */
const RETRY_WAIT_MS = 10_000

/** Items of one code still on their way (waiting or being sent). */
function isUnderway(item: OutboxItem): boolean {
  return item.state === 'aguardando' || item.state === 'enviando'
}

/** Scans in flight per owner and code, so two calls at once (a double tap, React's second effect) queue one item. */
const queueing = new Map<string, Promise<OutboxItem>>()

/**
 * Queues a scanned code in the outbox of D16: validated at once when online, else when
 * the connection returns, exactly once by its `Idempotency-Key`. A code already on its way
 * is not queued twice (its item is answered); a refused one of the same code gives way to
 * the new try (the student joined since, say). A validated one stays with its receipt: the
 * new try gets the server's "Você já validou este código…".
 */
export function queueCampaignCode(code: ScannedCode, ownerId: number): Promise<OutboxItem> {
  const key = `${ownerId}:${code.codigo}`
  let pending = queueing.get(key)
  if (!pending) {
    pending = queueNew(code, ownerId).finally(() => queueing.delete(key))
    queueing.set(key, pending)
  }
  return pending
}

async function queueNew(code: ScannedCode, ownerId: number): Promise<OutboxItem> {
  const [{ outbox }, app] = await Promise.all([loadOutbox(), loadOutboxApp()])
  const same = (await outbox.itemsOf(ownerId, { kind: CAMPAIGN_CODE_KIND })).filter(
    (item) => campaignCodeContextOf(item).codigo === code.codigo,
  )
  const underway = same.find(isUnderway)
  if (underway) return underway
  for (const item of same) if (item.state === 'recusado') await app.removeOutboxItem(item.id)
  const context: CampaignCodeContext = { campanha: code.campanha, codigo: code.codigo }
  return app.queueWrite({
    kind: CAMPAIGN_CODE_KIND,
    baseUrl: PORTAL_BASE_URL,
    params: { id: code.codigo },
    // No body: the code is in the path; null says so to the sender.
    json: null,
    fileName: code.codigo,
    ownerId,
    context: { ...context },
  })
}
