import { api } from '../../../lib/api.ts'
import { pedidoEndpoints } from '../../../contract/endpoints/pedidos.ts'
import type { Pedido } from '../../../contract/schemas/pedido.ts'
import type { PortalDb } from '../../../db/database.ts'
import type { Device } from '../../../db/local.ts'
import { etagHintsFor, fetchConditional, syncTicket } from '../../../db/sync-start.ts'
import { offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../../db/use-offline-data.ts'

export const ordersQueryKey = ['offline', 'pedidos'] as const

/** The server's page limit; a student has far fewer orders, so one page is all of them. */
const PAGE_LIMIT = 200

async function readPedidos(db: PortalDb): Promise<LocalSnapshot<Pedido[]> | null> {
  const meta = await db.syncState.get('pedidos')
  if (!meta) return null
  return { value: await db.pedidos.orderBy('criado_em').reverse().toArray(), updatedAt: meta.updatedAt }
}

/** Newest first, as the device's index reads them (ties: the higher id first). */
function newestFirst(pedidos: readonly Pedido[]): Pedido[] {
  return [...pedidos].sort((a, b) => (a.criado_em < b.criado_em ? 1 : a.criado_em > b.criado_em ? -1 : b.id - a.id))
}

/** Conditional (issue 7): unchanged orders cost a 304; the stored rows stay. */
export async function syncPedidos(device: Device, show: (answer: Pedido[]) => void): Promise<void> {
  const ticket = syncTicket()
  const answer = await fetchConditional(
    (sent) => api.callConditional(pedidoEndpoints.pedidos, sent, { query: { limit: PAGE_LIMIT } }),
    etagHintsFor('pedidos')[pedidoEndpoints.pedidos.path],
    async () => {
      const stored = await readPedidos((await device).localDb)
      return stored ? { items: stored.value, total: stored.value.length } : undefined
    },
  )
  // Drawn now, before the device database has stored it (docs/offline-and-sync.md#a-screen-draws-its-answer-before-the-database-has-it).
  show(answer.value.items)
  const local = await device
  if (!answer.changed) return local.markUnchanged('pedidos', { ticket })
  await local.storePedidos(answer.value.items, { ticket, etags: answer.etag ? { [pedidoEndpoints.pedidos.path]: answer.etag } : {} })
}

export const ordersQueryOptions = offlineQueryOptions(ordersQueryKey, syncPedidos)

/** Orders, newest first, from the device. */
export function usePedidos() {
  return useOfflineData<Pedido[]>({ options: ordersQueryOptions, read: readPedidos, fromAnswer: newestFirst })
}

/** Cancels the order where D11 allows it (the server decides); the list re-syncs after. */
export function cancelOrder(id: number) {
  return api.call(pedidoEndpoints.cancelarPedido, { params: { id } })
}
