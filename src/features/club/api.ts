import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import type { ConditionalResult } from '../../lib/client.ts'
import { clubEndpoints } from '../../contract/endpoints/club.ts'
import type { CupomAtual, CupomParceria, Extrato, PedidoRecompensa, Recompensa } from '../../contract/schemas/club.ts'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import type { PortalDb, SyncState } from '../../db/database.ts'
import { loadLocalData } from '../../db/local.ts'
import { etagHintsFor, fetchConditional, syncTicket } from '../../db/sync-start.ts'
import { answerAsIs, offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../db/use-offline-data.ts'

/**
 * The KNN Club's data on the device (issue 13): the statement (balance, what expires
 * in 30 days, every movement), the catalogue and the reward orders, each fetched through the
 * contract into its sync row and drawn from there, so they read offline after a reload.
 */

type ClubKey = 'clubExtrato' | 'clubRecompensas' | 'clubPedidos'

/**
 * One club entity: its sync (the contract's answer into its sync row, whole) and its read
 * from the device. Conditional (issue 37), like the instalments: an unchanged statement
 * costs a 304, and the shell of a member's club page asks for it before the app's code.
 */
function clubEntity<K extends ClubKey>(
  key: K,
  path: string,
  fetch: (etag: string | null) => Promise<ConditionalResult<NonNullable<SyncState[K]>>>,
) {
  const read = async (db: PortalDb): Promise<LocalSnapshot<NonNullable<SyncState[K]>> | null> => {
    const row = await db.syncState.get(key)
    const value = row?.[key]
    return row && value !== undefined ? { value: value as NonNullable<SyncState[K]>, updatedAt: row.updatedAt } : null
  }
  return {
    options: offlineQueryOptions(['offline', key], async (device, show) => {
      const ticket = syncTicket()
      const answer = await fetchConditional(fetch, etagHintsFor(key)[path], async () => (await read((await device).localDb))?.value)
      // Drawn at once; without it a first visit's balance went away between the end
      // of the sync and the device's read of what it stored, and the catalogue jumped (CLS).
      show(answer.value)
      const local = await device
      if (!answer.changed) return local.markUnchanged(key, { ticket })
      await local.storeSyncRow(key, answer.value, { ticket, etags: answer.etag ? { [path]: answer.etag } : {} })
    }),
    fromAnswer: answerAsIs,
    read,
  }
}

// The whole history: the month filter is the device's (meu-extrato), so every month reads offline.
const extrato = clubEntity('clubExtrato', clubEndpoints.statement.path, (etag) =>
  api.callConditional(clubEndpoints.statement, etag, { query: {} }),
)
const recompensas = clubEntity('clubRecompensas', clubEndpoints.rewards.path, (etag) => api.callConditional(clubEndpoints.rewards, etag))
const pedidos = clubEntity('clubPedidos', clubEndpoints.rewardOrders.path, (etag) => api.callConditional(clubEndpoints.rewardOrders, etag))

export function useClubExtrato() {
  return useOfflineData<Extrato>(extrato)
}

export function useClubRecompensas() {
  return useOfflineData<Recompensa[]>(recompensas)
}

export function useClubPedidos() {
  return useOfflineData<PedidoRecompensa[]>(pedidos)
}

/** Joins the club (`PUT /users/is_club/`): answers the updated user for the session to keep. */
export function joinClub(): Promise<CurrentUser> {
  return api.call(clubEndpoints.updateIsClub, { body: { is_club: true } })
}

/**
 * Redeems one unit (D24; online only): the balance the server answered is written on
 * the device at once, then the statement, the orders and the catalogue are read again.
 * A refusal (409: balance or stock) throws with the server's `detail`.
 */
export function useRedeem() {
  const queryClient = useQueryClient()
  return async (recompensa: Recompensa) => {
    const result = await api.call(clubEndpoints.redeem, { body: { recompensa_id: recompensa.id } })
    const local = await loadLocalData()
    const ticket = local.syncTicket()
    const stored = await extrato.read(local.localDb)
    if (stored) await local.storeSyncRow('clubExtrato', { ...stored.value, saldo: result.saldo }, { ticket, now: stored.updatedAt })
    for (const { options } of [extrato, recompensas, pedidos]) void queryClient.invalidateQueries({ queryKey: options.queryKey })
  }
}

const COUPON_KEY = ['club', 'parceriaCupom'] as const

/**
 * The student's partnership coupon (D26): online only, not kept on the device, so
 * offline before a first answer the box says it is not here yet.
 */
export function usePartnerCoupon() {
  return useQuery({ queryKey: COUPON_KEY, queryFn: () => api.call(clubEndpoints.partnerCoupon) })
}

/** Attaches a coupon (`PUT /at-home/parceria-cupom/`); the answer becomes the coupon shown. A refusal throws with the server's `detail`. */
export function useApplyPartnerCoupon() {
  const queryClient = useQueryClient()
  return async (cupom: string): Promise<CupomParceria> => {
    const attached = await api.call(clubEndpoints.attachPartnerCoupon, { body: { cupom } })
    queryClient.setQueryData<CupomAtual>(COUPON_KEY, { cupom: attached })
    // A points coupon credits at once: the statement shows it.
    if (attached.beneficio === 'pontos') void queryClient.invalidateQueries({ queryKey: extrato.options.queryKey })
    return attached
  }
}
